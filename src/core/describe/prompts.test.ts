/** @file Tests for the RANGER A.9 prompt builders. Runs in: node (vitest). */
import { describe, expect, it } from 'vitest';
import type { PromptNode } from './prompts.ts';
import { componentSummaryMessages, memberDescriptionMessages, needsComposition, purposeSummaryMessages } from './prompts.ts';

const fn: PromptNode = { kind: 'Function', name: 'add', code: 'def add(a, b):\n    return a + b', language: 'python' };

describe('A.9 prompts', () => {
  it('A.9.1 ends with the language and the code', () => {
    const [message, ...rest] = purposeSummaryMessages(fn);
    expect(rest).toEqual([]);
    expect(message.role).toBe('user');
    expect(message.content.startsWith('### Task: Code Summarization\n\nSummarize the code at a high level without referencing specific function\n')).toBe(true);
    expect(message.content).toContain('**PURPOSE**\nDescribe what the code is designed to achieve.');
    expect(message.content).toContain('**KEY FEATURES**');
    expect(message.content.endsWith('### Programming Language: Python\n### Code:\ndef add(a, b):\n    return a + b')).toBe(true);
  });

  it('A.9.2 uses the node language and the paper wording', () => {
    const [message] = memberDescriptionMessages({ ...fn, language: 'typescript', code: 'export const x = 1;' });
    expect(message.content).toContain('Analyze the TypeScript code and identify important variables (skip temporary');
    expect(message.content).toContain('If no important members are found, respond with: ---None---');
    expect(message.content).toContain('***DO NOT REPEAT MEMBERS. YOU CAN CONCLUDE EARLY ONCE ALL MEMBERS ARE\nLISTED.***');
    expect(message.content.endsWith('### Programming Language: TypeScript\n### Code:\nexport const x = 1;')).toBe(true);
  });

  it('A.9.3 lists component descriptions and skips empty ones', () => {
    const [message] = componentSummaryMessages({ kind: 'Module', name: 'calc', code: null, language: 'python' }, [
      { name: 'add', kind: 'Function', description: 'Adds numbers.', member_descriptions: 'a - parameter' },
      { name: 'empty', kind: 'Function', description: null },
    ]);
    expect(message.content.startsWith('### Task: File Summary from Component Descriptions\n\nCreate a high-level summary of a Python file')).toBe(true);
    expect(message.content).toContain("3. If no description is provided simply say 'No description found'.");
    expect(message.content.endsWith('### Component Descriptions:\n#### Function add\nAdds numbers.\na - parameter')).toBe(true);
    expect(message.content).not.toContain('empty');
  });

  it('needsComposition switches on code size against the context window', () => {
    expect(needsComposition(fn, 4096)).toBe(false);
    expect(needsComposition({ ...fn, code: 'x = 1\n'.repeat(4000) }, 4096)).toBe(true);
  });
});
