import { describe, expect, it } from 'vitest';
import { isWebchatVisitorId } from './widgets.constants.js';

describe('web-chat visitor ids', () => {
  it('recognises the ids the server gives visitors, and nothing else', () => {
    expect(isWebchatVisitorId(`wv-${'0123456789abcdef'.repeat(2).slice(0, 24)}`)).toBe(true);
    expect(isWebchatVisitorId('wv-123')).toBe(false);
    expect(isWebchatVisitorId('Valentina Web')).toBe(false);
    expect(isWebchatVisitorId(`x wv-${'a'.repeat(24)}`)).toBe(false);
  });
});
