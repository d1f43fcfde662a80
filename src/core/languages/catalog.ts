/**
 * @file The language catalog: every language the pipeline reads, one line each, as plain data
 * (languageFacts.ts). Ingest takes extensions and config files from here, the parse workers the
 * grammar, the descriptions and messages the name. No extractor or resolver is imported here:
 * implementations.ts assembles those, and the index hands them to the parse and the stitch.
 * A new language is one folder plus one line here and one in implementations.ts (and its id in
 * ingest/types.ts `Language`, which the Record types enforce).
 * Runs in: everywhere. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';
import type { LanguageFacts } from './languageFacts.ts';
import { cpp } from './cpp/cppCatalog.ts';
import { csharp } from './csharp/csharpCatalog.ts';
import { go } from './go/goCatalog.ts';
import { java } from './java/javaCatalog.ts';
import { php } from './php/phpCatalog.ts';
import { python } from './python/pythonCatalog.ts';
import { ruby } from './ruby/rubyCatalog.ts';
import { rust } from './rust/rustCatalog.ts';
import { javascript, tsx, typescript } from './typescript/typescriptCatalog.ts';

const LANGUAGES: Record<Language, LanguageFacts> = {
  python,
  javascript,
  typescript,
  tsx,
  java,
  go,
  rust,
  csharp,
  php,
  ruby,
  cpp,
};

/** Every language id of the catalog, in catalog order. */
export const LANGUAGE_IDS = Object.keys(LANGUAGES) as Language[];

export function languageFacts(language: Language): LanguageFacts {
  return LANGUAGES[language];
}

/** 'Python, JavaScript, TypeScript, Java, Go, Rust, C#, PHP, Ruby or C++': the languages read, for messages. */
export function languageList(): string {
  const names = [...new Set(LANGUAGE_IDS.map((id) => LANGUAGES[id].displayName.replace(/ \(.*\)$/, '')))];
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

let byExtension: Map<string, Language> | null = null;

/** The language of a file extension (lower case, without the dot), or null. */
export function languageOfExtension(extension: string): Language | null {
  if (!byExtension) {
    byExtension = new Map();
    for (const id of LANGUAGE_IDS) for (const ext of LANGUAGES[id].extensions) if (!byExtension.has(ext)) byExtension.set(ext, id);
  }
  return byExtension.get(extension) ?? null;
}

/** Whether a base name is a config file some language's resolver reads. */
export function isLanguageConfigFile(baseName: string): boolean {
  return LANGUAGE_IDS.some((id) => LANGUAGES[id].configFiles?.test(baseName) === true);
}
