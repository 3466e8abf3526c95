/**
 * The request pipeline: steps run in order, at once while they answer at once and after each promise otherwise; the
 * first step that throws or rejects ends the run with its error (later steps do not run), as separate hooks did.
 */
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestPipelinePlugin, runRequestSteps } from './request-pipeline';
import type { RequestStep } from '../platform/types';

const request = {} as FastifyRequest;
const reply = {} as FastifyReply;

function run(steps: RequestStep[]): Promise<{ error: unknown; sync: boolean }> {
  return new Promise((resolve) => {
    let returned = false;
    runRequestSteps(steps, 0, request, reply, (error?: unknown) => resolve({ error, sync: !returned }));
    returned = true;
  });
}

describe('runRequestSteps', () => {
  it('should run steps that answer at once in order and finish before returning', async () => {
    const order: number[] = [];
    const result = await run([() => void order.push(1), () => void order.push(2), () => void order.push(3)]);
    expect(order).toEqual([1, 2, 3]);
    expect(result).toEqual({ error: undefined, sync: true });
  });

  it('should wait for a step that answers a promise before running the next', async () => {
    const order: string[] = [];
    const result = await run([
      () => void order.push('a'),
      () => new Promise<void>((resolve) => setTimeout(() => (order.push('b'), resolve()), 5)),
      () => void order.push('c'),
    ]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ error: undefined, sync: false });
  });

  it('should stop at the first step that throws, with its error', async () => {
    const order: number[] = [];
    const refused = new Error('refused');
    const result = await run([() => void order.push(1), () => { throw refused; }, () => void order.push(3)]);
    expect(order).toEqual([1]);
    expect(result.error).toBe(refused);
  });

  it('should stop at the first step whose promise rejects, with its error as rejected', async () => {
    const order: number[] = [];
    const reason = { code: 'ECONNREFUSED', message: 'not an Error instance' };
    const result = await run([() => void order.push(1), () => Promise.reject(reason), () => void order.push(3)]);
    expect(order).toEqual([1]);
    expect(result.error).toBe(reason);
  });
});

describe('requestPipelinePlugin', () => {
  it('should run the added steps as one onRequest hook, an error answering through the error handler', async () => {
    const app = Fastify();
    await app.register(requestPipelinePlugin);
    const seen: string[] = [];
    app.addRequestStep((req) => void seen.push(`first ${req.url}`));
    app.addRequestStep(async (req) => {
      seen.push(`second ${req.url}`);
      if (req.url === '/refused') throw Object.assign(new Error('no'), { statusCode: 418 });
    });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/refused', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/refused' })).statusCode).toBe(418);
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(404);
    expect(seen).toEqual(['first /ok', 'second /ok', 'first /refused', 'second /refused', 'first /missing', 'second /missing']);
    await app.close();
  });
});
