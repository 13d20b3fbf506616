import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerPresentedAnswers } from './presented';

const pairSchema = z.object({ name: z.string(), count: z.number() });

/** An app with one presented route answering `answer`, checked or not. */
async function appAnswering(answer: unknown, check: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerPresentedAnswers(app, { check });
  app.get(
    '/pair',
    { config: { presented: true }, schema: { response: { 200: pairSchema } } },
    () => answer as z.infer<typeof pairSchema>,
  );
  await app.ready();
  return app;
}

describe('presented answers: written as built, checked against the schema when the app is told to', () => {
  it('writes an answer that matches its schema byte for byte, checked or not', async () => {
    for (const check of [true, false]) {
      const app = await appAnswering({ name: 'a', count: 1 }, check);
      const res = await app.inject({ url: '/pair' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"name":"a","count":1}');
      await app.close();
    }
  });

  it('checked: a field the schema does not name fails the request instead of being stripped', async () => {
    const app = await appAnswering({ name: 'a', count: 1, secret: 'x' }, true);
    const res = await app.inject({ url: '/pair' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^GET \/pair: the presented answer differs from its schema's at 21:/);
    await app.close();
  });

  it('unchecked (production): the answer is written as built, without zod', async () => {
    const app = await appAnswering({ count: 1, name: 'a' }, false);
    const res = await app.inject({ url: '/pair' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"count":1,"name":"a"}');
    await app.close();
  });
});
