/**
 * Which part of a graceful shutdown is under way, so that a shutdown that times out says what it
 * was waiting for (src/server/main.ts).
 */
let stage = 'not stopping';

export function shutdownStage(): string {
  return stage;
}

/** Runs one part of the shutdown under its name. */
export async function shutdownStep<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  stage = name;
  return run();
}
