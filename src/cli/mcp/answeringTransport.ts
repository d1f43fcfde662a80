/**
 * @file The stdio transport of `ranger mcp`, counting the requests it read and has not answered
 * yet, so that a server whose client closes stdin right after a request (a shell pipe) answers
 * it before it stops.
 * Runs in: Node (cli).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCErrorResponse, isJSONRPCRequest, isJSONRPCResultResponse } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface AnsweringTransport {
  transport: StdioServerTransport;
  /** Call once the server is connected (the server sets the transport's message handler). */
  track(): void;
  /** Resolves when every request read so far has been answered. */
  answered(): Promise<void>;
}

export function answeringStdioTransport(): AnsweringTransport {
  const transport = new StdioServerTransport();
  const open = new Set<string | number>();
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (open.size > 0) return;
    for (const done of waiters) done();
    waiters = [];
  };
  return {
    transport,
    track() {
      const receive = transport.onmessage;
      transport.onmessage = (message: JSONRPCMessage) => {
        if (isJSONRPCRequest(message)) open.add(message.id);
        receive?.(message);
      };
      const send = transport.send.bind(transport);
      transport.send = async (message: JSONRPCMessage) => {
        try {
          await send(message);
        } finally {
          if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
            if (message.id !== undefined) open.delete(message.id);
            settle();
          }
        }
      };
    },
    answered: () => new Promise<void>((resolve) => {
      waiters.push(resolve);
      settle();
    }),
  };
}
