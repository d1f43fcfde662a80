/**
 * @file RANGER A.9 prompts as ChatMessage[] builders: A.9.1 code summarisation (purpose
 * summary -> `description`), A.9.2 code members description (-> `member_descriptions`), and
 * A.9.3 summary from component descriptions (for entities whose code exceeds the LLM context).
 * The template text is the paper's, line for line; only "Python" becomes the node's language.
 * Runs in: everywhere. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';
import { languageFacts } from '../languages/catalog.ts';
import type { NodeRow } from '../graph/types.ts';
import type { ChatMessage } from '../models/types.ts';

/** The NodeRow fields a prompt needs. */
export type PromptNode = Pick<NodeRow, 'kind' | 'name' | 'code' | 'language'>;

/** A component of a large entity with its precomputed descriptions (A.9.3 input). */
export interface ComponentDescription {
  name: string;
  kind: NodeRow['kind'];
  description: string | null;
  member_descriptions?: string | null;
}


/** A.9.1, verbatim apart from the language. */
export function codeSummarizationTemplate(language: string): string {
  return [
    '### Task: Code Summarization',
    '',
    'Summarize the code at a high level without referencing specific function',
    'or variable names. Focus on its purpose, how it is implemented, and its',
    'notable features. Use the following format:',
    '',
    '**PURPOSE**',
    'Describe what the code is designed to achieve.',
    '',
    '**IMPLEMENTATION**',
    'Explain how the code accomplishes its purpose, including general',
    'techniques or components used, without naming exact functions or',
    'variables.',
    '',
    '**KEY FEATURES**',
    'List significant capabilities, design patterns, or behaviors the code',
    'exhibits.',
    '',
    `### Programming Language: ${language}`,
    '### Code:',
  ].join('\n');
}

/** A.9.2, verbatim apart from the language. */
export function codeMembersTemplate(language: string): string {
  return [
    '### Task: Code Members Description',
    '',
    `Analyze the ${language} code and identify important variables (skip temporary`,
    'variables and trivial assignments), functions and classes (also function',
    'calls and class instantiations). Use the following format:',
    '',
    'name - description',
    '',
    'List each important code member with its name followed by a dash and a',
    '*** one-line short description *** of its purpose or functionality.',
    '',
    'If no important members are found, respond with: ---None---',
    '',
    '***DO NOT REPEAT MEMBERS. YOU CAN CONCLUDE EARLY ONCE ALL MEMBERS ARE',
    'LISTED.***',
    '',
    `### Programming Language: ${language}`,
    '### Code:',
  ].join('\n');
}

/** A.9.3, verbatim apart from the language (the paper says "file" for every large entity). */
export function componentSummaryTemplate(language: string): string {
  return [
    '### Task: File Summary from Component Descriptions',
    '',
    `Create a high-level summary of a ${language} file based on the provided`,
    'component',
    'descriptions. You are not given any code, but only the descriptions of',
    'parts of the code given by various developers. You have to use ALL these',
    'descriptions to summarize the code.',
    '',
    '### Guidelines:',
    '1. Do not include any code in your response, or guess the code. Simply',
    'try and summarize the descriptions provided to you.',
    '2. Focus on the file\'s overall purpose, architecture, key functionality,',
    'and key members.',
    "3. If no description is provided simply say 'No description found'.",
    '4. Summarize the purpose of ALL components mentioned in the descriptions.',
  ].join('\n');
}

export function languageName(language: Language | null): string {
  return language ? languageFacts(language).displayName : 'Python';
}

/** A.9.1 messages for a node whose code fits the context: the purpose summary. */
export function purposeSummaryMessages(node: PromptNode): ChatMessage[] {
  return [{ role: 'user', content: `${codeSummarizationTemplate(languageName(node.language))}\n${node.code ?? ''}` }];
}

/** A.9.2 messages: the member-level "name - description" list. */
export function memberDescriptionMessages(node: PromptNode): ChatMessage[] {
  return [{ role: 'user', content: `${codeMembersTemplate(languageName(node.language))}\n${node.code ?? ''}` }];
}

/**
 * A.9.3 messages for a large entity (module, big class): its summary composed from the
 * components' precomputed descriptions. The paper does not print how the descriptions follow
 * the template; we add a "### Component Descriptions:" heading and one block per component.
 */
export function componentSummaryMessages(node: PromptNode, components: readonly ComponentDescription[]): ChatMessage[] {
  const blocks = components
    .filter((c) => (c.description ?? '').trim() !== '' || (c.member_descriptions ?? '').trim() !== '')
    .map((c) => [`#### ${c.kind} ${c.name}`, c.description?.trim(), c.member_descriptions?.trim()].filter(Boolean).join('\n'));
  const content = [componentSummaryTemplate(languageName(node.language)), '', '### Component Descriptions:', ...blocks].join('\n');
  return [{ role: 'user', content }];
}

/** Rough token count (about 4 characters per token), enough to decide A.9.1/2 versus A.9.3. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * True when the node's code plus the longer template and room for the answer exceeds the
 * context window, so its descriptions must be composed from member summaries (A.9.3).
 */
export function needsComposition(node: PromptNode, contextTokens: number, answerTokens = 512): boolean {
  const template = estimateTokens(codeMembersTemplate(languageName(node.language)));
  return template + estimateTokens(node.code ?? '') + answerTokens > contextTokens;
}
