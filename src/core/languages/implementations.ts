/**
 * @file The one place the languages' extractors and resolvers are assembled, one line each: the
 * index, the parse workers and the tests hand `extractorFor` to parseSourceFile and
 * `resolverFor` to the stitch (parse/ and graph/ never import a language). The plain-data facts
 * (grammar, extensions...) are in catalog.ts.
 * Runs in: everywhere. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';
import type { LanguageResolver, ResolverFor } from '../graph/languageResolver.ts';
import type { ExtractorFor, LanguageExtractor } from '../parse/extractor.ts';
import type { LanguageImplementation } from './languageImplementation.ts';
import { cppImplementation } from './cpp/cppImplementation.ts';
import { csharpImplementation } from './csharp/csharpImplementation.ts';
import { goImplementation } from './go/goImplementation.ts';
import { javaImplementation } from './java/javaImplementation.ts';
import { phpImplementation } from './php/phpImplementation.ts';
import { pythonImplementation } from './python/pythonImplementation.ts';
import { rubyImplementation } from './ruby/rubyImplementation.ts';
import { rustImplementation } from './rust/rustImplementation.ts';
import { javascriptImplementation, tsxImplementation, typescriptImplementation } from './typescript/typescriptImplementation.ts';

const IMPLEMENTATIONS: Record<Language, LanguageImplementation> = {
  python: pythonImplementation,
  javascript: javascriptImplementation,
  typescript: typescriptImplementation,
  tsx: tsxImplementation,
  java: javaImplementation,
  go: goImplementation,
  rust: rustImplementation,
  csharp: csharpImplementation,
  php: phpImplementation,
  ruby: rubyImplementation,
  cpp: cppImplementation,
};

/** The extractor of a language (parseSourceFile's ExtractorFor). */
export const extractorFor: ExtractorFor = (language: Language): LanguageExtractor => IMPLEMENTATIONS[language].extractor;

/** The resolver of a language (the stitch's ResolverFor). */
export const resolverFor: ResolverFor = (language: Language): LanguageResolver => IMPLEMENTATIONS[language].resolver;
