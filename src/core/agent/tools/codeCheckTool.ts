/**
 * @file `check_code`: CodeRAG's code-testing tool, offline: a tree-sitter syntax check of
 * generated code (ERROR / MISSING nodes with line and column), where the paper runs Black.
 * Runs in: everywhere the parsers are (port). Layer src/core.
 */
import type { Language } from '../../ingest/types.ts';
import type { Parsers } from '../../parse/treeSitter.ts';
import { collectSyntaxIssues } from '../../parse/treeSitter.ts';
import type { AgentTool, ToolResult } from './agentTool.ts';

const LANGUAGES: Language[] = ['python', 'javascript', 'typescript', 'tsx'];

export function codeCheckTool(parsers: () => Promise<Parsers>): AgentTool {
  return {
    name: 'check_code',
    description: 'Syntax check (tree-sitter) of code you wrote; lists errors with line and column.',
    parameters: {
      type: 'object',
      properties: { code: { type: 'string' }, language: { type: 'string', enum: LANGUAGES } },
      required: ['code'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult> {
      const language = (args.language as Language | undefined) ?? 'python';
      const p = await parsers();
      await p.load([language]);
      const tree = p.parse(language, String(args.code));
      try {
        const issues = collectSyntaxIssues(tree, 10);
        if (issues.length === 0) return { text: `No syntax errors (${language}).`, nodeIds: [] };
        return { text: [`${issues.length} syntax error(s) (${language}):`, ...issues.map((i) => `line ${i.line}, column ${i.column}: ${i.message}`)].join('\n'), nodeIds: [] };
      } finally {
        tree.delete();
      }
    },
  };
}
