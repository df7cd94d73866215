import { describe, expect, it } from 'vitest';
import { deviceNameFrom } from '../../../../src/ui/sync/deviceName';

describe('device names for the device list', () => {
  it('names browser and system from common user agents', () => {
    const pixel =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    expect(deviceNameFrom(pixel)).toBe('Chrome on Android');
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceNameFrom(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceNameFrom('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe(
      'Firefox on Linux',
    );
    expect(deviceNameFrom('')).toBe('Browser');
  });
});
