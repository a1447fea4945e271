import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * What a mutation id is bound to besides its agent: the SHA-256 of the method, the route, its
 * path parameters, the query and the body, each as canonical JSON (object keys sorted), so the
 * same request hashes the same whatever its key order or URL encoding. The worker rebuilds a
 * retried row's request from the row's own arguments, so a retry, even by a newer build of the
 * app, hashes the same as the first attempt.
 */
export function requestFingerprint(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url ?? request.url, request.params ?? null, request.query ?? null, request.body ?? null];
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

/** JSON with every object's keys in sorted order. */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, sortedKeys) ?? 'null';
  } catch (error) {
    // A parsed body may nest deeper than JSON.stringify's stack; build it without recursion.
    if (error instanceof RangeError) return canonicalJsonIteratively(value);
    throw error;
  }
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
}

type Task = { text: string } | { value: unknown };

function canonicalJsonIteratively(value: unknown): string {
  const out: string[] = [];
  const tasks: Task[] = [{ value }];
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    if ('text' in task) {
      out.push(task.text);
      continue;
    }
    const current = task.value;
    if (typeof current !== 'object' || current === null) {
      out.push(JSON.stringify(current) ?? 'null');
    } else if (Array.isArray(current)) {
      // Pushed last to first: the stack hands them out in order.
      tasks.push({ text: ']' });
      for (let index = current.length - 1; index >= 0; index--) {
        tasks.push({ value: current[index] as unknown });
        if (index > 0) tasks.push({ text: ',' });
      }
      tasks.push({ text: '[' });
    } else {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      tasks.push({ text: '}' });
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] ?? '';
        tasks.push({ value: record[key] }, { text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
      tasks.push({ text: '{' });
    }
  }
  return out.join('');
}
