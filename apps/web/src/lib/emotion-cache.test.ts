import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserCache, prerenderedStyleTags } from './emotion-cache';

const chunks = {
  html: '',
  styles: [
    { key: 'css-global', ids: ['base1'], css: 'body{margin:0}' },
    { key: 'css-global', ids: ['animation-spin'], css: '@keyframes animation-spin{}' },
    { key: 'css', ids: ['abc', 'def'], css: '.css-abc{color:red}.css-def{color:blue}' },
  ],
};

describe('prerenderedStyleTags', () => {
  it('keeps global styles for the Global component to adopt and puts components and keyframes in one plain tag', () => {
    expect(prerenderedStyleTags(chunks)).toBe(
      '<style data-emotion="css-global base1" data-s="">body{margin:0}</style>' +
        '<style data-prerendered-css="animation-spin abc def">@keyframes animation-spin{}.css-abc{color:red}.css-def{color:blue}</style>',
    );
  });
});

describe('browserCache', () => {
  // The head is put back as it was: other test files of the worker share this document, and
  // Emotion's sheets there keep their style tags in it.
  let head: Node[] = [];
  beforeEach(() => {
    head = [...document.head.childNodes];
  });
  afterEach(() => {
    document.head.replaceChildren(...head);
  });

  it('treats the styles of a prerendered page as inserted and leaves its tags where they are', () => {
    document.head.innerHTML = `<meta charset="utf-8">${prerenderedStyleTags(chunks)}`;
    const before = [...document.head.children];
    const cache = browserCache();
    expect(cache.inserted).toMatchObject({ abc: true, def: true, 'animation-spin': true });
    expect([...document.head.children]).toEqual(before);
  });
});
