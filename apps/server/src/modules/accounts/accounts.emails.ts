import type { MailMessage } from '../../mail/mailer';

const PRODUCT = 'Cinematic Contests';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#F5B301;color:#0B0B0F;padding:12px 20px;border-radius:12px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;color:#6B6B76;font-size:13px">If the button does not work, open this link: <br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#0B0B0F;color:#F5F5F7;font-family:Inter,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:22px;margin:0 0 24px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;color:#A1A1AA;font-size:13px">${PRODUCT}</p></div></body></html>`;
}

export function verificationEmail(to: string, link: string, ttlDays: number): MailMessage {
  const lines = [
    'Welcome! Please confirm your e-mail address to activate your account.',
    `The link works once and expires in ${ttlDays} day${ttlDays === 1 ? '' : 's'}.`,
    'If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `Verify your e-mail address for ${PRODUCT}`,
    text: `${lines[0]}\n\n${link}\n\n${lines.slice(1).join('\n')}\n\n${PRODUCT}\n`,
    html: layout('Verify your e-mail address', lines, { label: 'Verify e-mail', url: link }),
  };
}

export function passwordResetEmail(to: string, link: string, ttlMinutes: number): MailMessage {
  const lines = [
    'Someone (hopefully you) asked to reset the password of your account.',
    `The link works once and expires in ${ttlMinutes} minutes.`,
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines[0]}\n\n${link}\n\n${lines.slice(1).join('\n')}\n\n${PRODUCT}\n`,
    html: layout('Reset your password', lines, { label: 'Reset password', url: link }),
  };
}

export function welcomeEmail(to: string, dashboardUrl: string): MailMessage {
  const lines = [
    'Your account was created with Google sign-in. Welcome aboard!',
    'Complete your profile, browse the contests and upload your first video.',
  ];
  return {
    to,
    subject: `Welcome to ${PRODUCT}`,
    text: `${lines.join('\n\n')}\n\n${dashboardUrl}\n\n${PRODUCT}\n`,
    html: layout('Welcome!', lines, { label: 'Open your dashboard', url: dashboardUrl }),
  };
}
