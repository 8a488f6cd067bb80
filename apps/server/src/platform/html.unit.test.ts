import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeInboundHtml, sanitizeRichText, textToHtml } from './html.js';

const ATTACKS = [
  '<script>alert(1)</script>',
  '<p onclick="alert(1)">x</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload="alert(1)"><circle/></svg>',
  '<img src=x onerror="alert(1)">',
  '<iframe src="https://evil.test"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

describe('sanitising', () => {
  it('leaves every known payload inert, for staff rich text and for inbound HTML', () => {
    for (const attack of ATTACKS) {
      for (const clean of [sanitizeRichText(attack), sanitizeInboundHtml(attack)]) {
        expect(clean).not.toMatch(
          /<script|<svg|<iframe|<style|<img|onerror|onload|onclick|javascript:|data:text|style=/i,
        );
      }
    }
  });

  it('keeps remote images of inbound HTML behind a click and opens links safely', () => {
    const clean = sanitizeInboundHtml(
      '<p>Mire <img src="https://cdn.example.com/a.png" alt="foto"> y <a href="https://example.com">esto</a></p>',
    );
    expect(clean).toContain('<span data-remote-image="https://cdn.example.com/a.png" data-alt="foto"></span>');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">');
    // A sender cannot forge the marker on their own elements.
    expect(sanitizeInboundHtml('<span data-remote-image="https://x.test/t.gif">hola</span>')).toBe('<span>hola</span>');
  });

  it('turns text into escaped HTML and HTML back into text', () => {
    expect(textToHtml('a < b\nc')).toBe('a &#60; b<br>c');
    expect(htmlToText('<p>Hola&nbsp;<b>mundo</b></p><p>adiós</p>')).toBe('Hola mundo\nadiós');
  });
});
