/**
 * The platform's per-request work as one `onRequest` hook (issues 10 and 11). The cookies, the Redis readiness
 * gate, the rate limiter, the XSRF check and the auth guard each add a step (`app.addRequestStep`) when they are
 * registered, and the steps run in that order, as their five hooks did. A step answers undefined when it is done at
 * once (a cached session, the in-process buckets) and a promise only when it waits (a database or Redis read): a
 * request whose steps all answer at once costs one hook call and no promise. The first step that throws (or whose
 * promise rejects) ends the run, and the error goes to the error handler as a hook's error did.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RequestStep } from '../platform/types';

/** Runs `steps` from `from` on: synchronously while they answer at once, after each promise otherwise. */
export function runRequestSteps(steps: readonly RequestStep[], from: number, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (let i = from; i < steps.length; i++) {
    let waiting: void | Promise<void>;
    try {
      waiting = (steps[i] as RequestStep)(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (waiting !== undefined) {
      waiting.then(
        () => runRequestSteps(steps, i + 1, request, reply, done),
        // As thrown: an error of another realm (Node's own socket errors under jest) is not `instanceof Error`, and
        // the error handler reads its code (a lost connection answers 503).
        (error: unknown) => done(error as Error),
      );
      return;
    }
  }
  done();
}

/** Decorates `app.addRequestStep` and adds the one `onRequest` hook that runs the steps. */
export const requestPipelinePlugin = fp(
  async (app) => {
    const steps: RequestStep[] = [];
    app.decorate('addRequestStep', (step: RequestStep) => {
      steps.push(step);
    });
    app.addHook('onRequest', (request, reply, done) => runRequestSteps(steps, 0, request, reply, done));
  },
  { name: 'tessera-request-pipeline', fastify: '5.x' },
);
