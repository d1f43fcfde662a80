/**
 * @file CodeRAG's requirement-graph instructions (Appendix A): Figure 4, requirement generation
 * ("Purpose / Input / Output" of a function), and Figure 5, relation extraction between a
 * target and a candidate requirement. Text as printed, "Python" replaced by the node's language
 * and the placeholders filled; the code follows Figure 4's instruction (the figure does not
 * print where it goes). Answers are parsed leniently: small models add blank lines and bold.
 * Runs in: everywhere. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';
import type { ChatMessage } from '../models/types.ts';
import { languageName } from '../describe/prompts.ts';

export interface RequirementPromptNode {
  kind: 'Function' | 'Method' | 'Class';
  name: string;
  code: string | null;
  language: Language | null;
}

/** Characters of code put into a requirement prompt (a small model's context is short). */
export const REQUIREMENT_CODE_CHARS = 6000;

/** Figure 4 ("function" becomes "class" / "method" for those kinds). */
export function requirementGenerationMessages(node: RequirementPromptNode): ChatMessage[] {
  const language = languageName(node.language);
  const unit = node.kind === 'Class' ? 'class' : node.kind === 'Method' ? 'method' : 'function';
  const code = (node.code ?? '').slice(0, REQUIREMENT_CODE_CHARS);
  const content = [
    `You're an expert ${language} programmer. Understand the given ${language} ${unit} ${node.name}. Generate a programming requirement that briefly describes`,
    `the purpose, input, and output of the given ${language} ${unit} ${node.name}.`,
    "Don't generate any explanations.",
    'Please follow the format to complete the skeleton below:',
    '---',
    'Purpose:...',
    'Input:...',
    'Output:...',
    '---',
    '',
    code,
  ].join('\n');
  return [{ role: 'user', content }];
}

/** "Purpose: ...\nInput: ...\nOutput: ..." from an answer, or null when it has no Purpose line. */
export function parseRequirementAnswer(answer: string): string | null {
  const cleaned = answer.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').replace(/\*\*/g, '');
  const field = (name: string): string | null => {
    const match = new RegExp(`^\\s*${name}\\s*:\\s*(.*(?:\\n(?!\\s*(?:Purpose|Input|Output)\\s*:)(?!\\s*-{3}).*)*)`, 'im').exec(cleaned);
    const text = match?.[1]?.replace(/\s+/g, ' ').trim();
    return text ? text : null;
  };
  const purpose = field('Purpose');
  if (!purpose) return null;
  return `Purpose: ${purpose}\nInput: ${field('Input') ?? 'None'}\nOutput: ${field('Output') ?? 'None'}`;
}

export interface RelationCandidate {
  text: string;
  path: string;
}

/** Figure 5: target vs candidate requirement, with their paths. */
export function relationExtractionMessages(target: RelationCandidate, candidate: RelationCandidate, language: Language | null): ChatMessage[] {
  const lang = languageName(language);
  const content = [
    `You're an expert ${lang} programmer. The final task is to generate the code snippet of the target requirement in the code repository. In this task, ${lang}`,
    'programmer needs to focus not only on the target requirement, but also on the child requirements of the target requirement and the semantically similar',
    'requirements of the target requirement.',
    'Understand the target requirement and the candidate requirement. Determine and select the relation between the target requirement and the candidate',
    'requirement from the following three options:',
    '1. Parent-Child Relation: The candidate requirement is a child requirement of the target requirement. The corresponding code of the target requirement',
    'invokes the corresponding code of the child requirement.',
    '2. Semantic Similarity Relation: The candidate requirement and the target requirement are semantically similar. The code\'s implementation of the target',
    'requirement may learn from the code\'s implementation of the candidate requirement.',
    '3. Other Relations: The candidate requirement and the target requirement do not have the above relations.',
    'Only return Parent-Child Relation or Semantic Similarity Relation or Other Relations.',
    'The target requirement:',
    target.text,
    target.path,
    'The candidate requirement:',
    candidate.text,
    candidate.path,
    'The selected relation between the target requirement and the candidate requirement:',
    '---',
    '---',
    'Do not generate any explanations and details.',
  ].join('\n');
  return [{ role: 'user', content }];
}

export type ExtractedRelation = 'parent-child' | 'similar' | 'other';

/** The relation named in an answer (the first one named wins; nothing recognisable = 'other'). */
export function parseRelationAnswer(answer: string): ExtractedRelation {
  const text = answer.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').toLowerCase();
  const positions: [ExtractedRelation, number][] = [
    ['parent-child', text.search(/parent[\s-]*child/)],
    ['similar', text.search(/semantic(ally)?\s+similar/)],
    ['other', text.search(/other\s+relation/)],
  ];
  const found = positions.filter(([, at]) => at >= 0).sort((a, b) => a[1] - b[1]);
  return found[0]?.[0] ?? 'other';
}
