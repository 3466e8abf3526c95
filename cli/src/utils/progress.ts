/** A progress bar on standard error (cli-progress): redrawn in a terminal, one line per update otherwise. */
import { Presets, SingleBar } from 'cli-progress';
import type { CliContext } from '../context';

/** A started progress bar. */
export interface Progress {
  increment(by: number): void;
  stop(): void;
}

/** Starts a bar of `total` steps labelled `label`, written through the context's stderr. */
export function startProgress(context: Pick<CliContext, 'stderr' | 'isInteractive'>, label: string, total: number): Progress {
  const tty = context.isInteractive() && process.stderr.isTTY === true;
  const stream = {
    isTTY: tty,
    columns: process.stderr.columns ?? 80,
    write(text: string) {
      context.stderr(text);
      return true;
    },
  };
  const bar = new SingleBar(
    {
      stream: stream as unknown as NodeJS.WritableStream,
      format: `${label} [{bar}] {value}/{total}`,
      noTTYOutput: true,
      notTTYSchedule: 60_000,
      hideCursor: false,
      clearOnComplete: false,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    increment: (by) => bar.increment(by),
    stop: () => bar.stop(),
  };
}
