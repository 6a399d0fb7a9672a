import { describe, expect, it } from 'vitest';
import { devMailDir, redactSecrets, revealSecrets, secretPlaceholder } from './mail-secrets';

describe('mail secrets', () => {
  const link = 'https://rl.example/api/reports/RL-1.pdf?v=1&expires=9&sig=abc';
  const mail = {
    text: `Download: ${link}\nAgain: ${link}`,
    html: `<a href="${link.replaceAll('&', '&amp;')}">Download</a>`,
  };

  it('stores a placeholder wherever a secret was, in text and (HTML-escaped) in html', () => {
    const stored = redactSecrets(mail, [link]);
    expect(stored.text).toBe(`Download: ${secretPlaceholder(0)}\nAgain: ${secretPlaceholder(0)}`);
    expect(stored.html).toBe(`<a href="${secretPlaceholder(0)}">Download</a>`);
    expect(JSON.stringify(stored)).not.toContain('sig=');
  });

  it('sends the mail as it was written', () => {
    const stored = redactSecrets(mail, [link]);
    expect(revealSecrets({ text: stored.text, html: stored.html ?? null }, [link])).toEqual(mail);
  });

  it('replaces a secret that contains another one whole', () => {
    const short = 'https://rl.example/a';
    const long = `${short}?token=xyz`;
    const stored = redactSecrets({ text: `${short} and ${long}` }, [short, long]);
    expect(stored.text).toBe(`${secretPlaceholder(0)} and ${secretPlaceholder(1)}`);
    expect(revealSecrets({ text: stored.text, html: null }, [short, long]).text).toBe(`${short} and ${long}`);
  });

  it('writes development copies only outside production and without SMTP', () => {
    expect(devMailDir({ nodeEnv: 'development', smtpUrl: undefined, dataDir: '/d' })).toBe('/d/dev-mail');
    expect(devMailDir({ nodeEnv: 'test', smtpUrl: 'smtp://x', dataDir: '/d' })).toBeUndefined();
    expect(devMailDir({ nodeEnv: 'production', smtpUrl: undefined, dataDir: '/d' })).toBeUndefined();
  });
});
