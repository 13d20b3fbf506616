import { describe, expect, it } from 'vitest';
import { isValidPhone, passwordProblems } from './rules';
import { uploadProblem, titleFromFileName } from './videos/video';

describe('password rules', () => {
  it('rejects short, numeric and e-mail-like passwords', () => {
    expect(passwordProblems('short')).toContain('Password must be at least 8 characters long');
    expect(passwordProblems('1234567890')).toContain('This password is entirely numeric.');
    expect(passwordProblems('janedoe12', 'janedoe@example.com')).toContain(
      'The password is too similar to the email.',
    );
    expect(passwordProblems('Correct-Horse-42', 'jane@example.com')).toEqual([]);
  });
});

describe('phone rule', () => {
  it('accepts an optional plus and 10 to 15 digits', () => {
    expect(isValidPhone('+12025550123')).toBe(true);
    expect(isValidPhone('202555012')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
  });
});

describe('upload rules', () => {
  it('reports the spec messages in order', () => {
    expect(uploadProblem({ file: null, title: 'x' })).toBe('Please select a video file');
    expect(uploadProblem({ file: { size: 1, type: 'image/png' }, title: 'x' })).toBe(
      'Please upload a valid video file (MP4, WebM, or QuickTime)',
    );
    expect(uploadProblem({ file: { size: 501 * 1024 * 1024, type: 'video/mp4' }, title: 'x' })).toBe(
      'File size must be less than 500MB',
    );
    expect(uploadProblem({ file: { size: 1, type: 'video/webm' }, title: '  ' })).toBe(
      'Please enter a title for your video',
    );
    expect(uploadProblem({ file: { size: 1, type: 'video/quicktime' }, title: 'ok' })).toBeNull();
  });

  it('prefills the title from the file name without its extension', () => {
    expect(titleFromFileName('My Film.final.mp4')).toBe('My Film.final');
    expect(titleFromFileName('clip')).toBe('clip');
  });
});
