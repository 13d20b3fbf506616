import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { peekStream } from './sniff';

const chunked = (parts: string[]) =>
  Readable.from(
    parts.map((part) => Buffer.from(part)),
    { objectMode: false },
  );

describe('peekStream', () => {
  it('gives the first bytes across chunks, then every byte once, in order', async () => {
    const { head, stream } = await peekStream(chunked(['ab', 'cd', 'ef', 'gh', 'ij']), 5);
    expect(head.toString()).toBe('abcde');
    expect(await text(stream)).toBe('abcdefghij');
  });

  it('handles a stream shorter than the peek', async () => {
    const { head, stream } = await peekStream(chunked(['abc']), 10);
    expect(head.toString()).toBe('abc');
    expect(await text(stream)).toBe('abc');
    const empty = await peekStream(chunked([]), 10);
    expect(empty.head.length).toBe(0);
    expect(await text(empty.stream)).toBe('');
  });

  it('passes on an error of the source', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(peekStream(failing, 10)).rejects.toThrow('connection reset');
  });
});
