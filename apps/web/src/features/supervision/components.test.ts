import { AGENT_STATUS } from '@atiende/contracts';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { statusTextColor } from './components';

describe('status chips', () => {
  it('write every status in a colour that reaches WCAG AA on the spec’s colour', () => {
    for (const { color } of Object.values(AGENT_STATUS)) {
      const text = statusTextColor(color);
      // Near-black is drawn at 87% over the chip: measured as the blend it makes.
      const drawn = text === '#fff' ? text : blend(color);
      expect(getContrastRatio(color, drawn), color).toBeGreaterThanOrEqual(4.5);
    }
    // The spec's red for "Gestión" takes dark text (white on it is 4.2:1).
    expect(statusTextColor(AGENT_STATUS.G.color)).not.toBe('#fff');
  });
});

/** rgba(0, 0, 0, 0.87) over a colour. */
function blend(hex: string): string {
  const channel = (index: number) => Math.round(Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) * 0.13);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}
