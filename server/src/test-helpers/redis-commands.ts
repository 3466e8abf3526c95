import type { Redis } from 'ioredis';

/** Runs `run` and answers its result with the names of the commands sent to `redis` meanwhile, in order. */
export async function commandsDuring<T>(redis: Redis, run: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const commands: string[] = [];
  const original = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }) => {
    commands.push(command.name);
    return original(command as never);
  }) as typeof redis.sendCommand;
  try {
    return { result: await run(), commands };
  } finally {
    redis.sendCommand = original;
  }
}
