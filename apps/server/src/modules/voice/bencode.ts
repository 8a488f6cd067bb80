/**
 * Bencoding, as rtpengine's ng control protocol speaks it: dictionaries (keys sorted), lists, integers and byte
 * strings, which Atiende reads as UTF-8. Small enough to keep here (the npm `bencode` package's decoder failed
 * under the test runner's module loader, and its answers are a handful of short dictionaries).
 */
export type Bencoded = string | number | Bencoded[] | { [key: string]: Bencoded };

export function bencode(value: Bencoded): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('bencode: only integers');
    return Buffer.from(`i${value}e`);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value);
    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  const keys = Object.keys(value).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Buffer.concat([
    Buffer.from('d'),
    ...keys.flatMap((key) => [bencode(key), bencode(value[key])]),
    Buffer.from('e'),
  ]);
}

/** Decodes one value from the start of `data`; throws on anything malformed. */
export function bdecode(data: Buffer): Bencoded {
  let position = 0;
  const fail = (): never => {
    throw new Error(`bencode: malformed at ${position}`);
  };
  const next = (): Bencoded => {
    const marker = data[position];
    if (marker === 0x69) {
      const end = data.indexOf(0x65, position);
      if (end < 0) fail();
      const text = data.subarray(position + 1, end).toString();
      if (!/^-?\d+$/.test(text)) fail();
      position = end + 1;
      return Number(text);
    }
    if (marker === 0x6c || marker === 0x64) {
      position += 1;
      const items: Bencoded[] = [];
      while (data[position] !== 0x65) {
        if (position >= data.length) fail();
        items.push(next());
      }
      position += 1;
      if (marker === 0x6c) return items;
      const dictionary: Record<string, Bencoded> = {};
      for (let index = 0; index + 1 < items.length; index += 2) dictionary[String(items[index])] = items[index + 1];
      return dictionary;
    }
    const colon = data.indexOf(0x3a, position);
    if (colon < 0) fail();
    const length = Number(data.subarray(position, colon).toString());
    if (!Number.isInteger(length) || length < 0 || colon + 1 + length > data.length) fail();
    const text = data.subarray(colon + 1, colon + 1 + length).toString();
    position = colon + 1 + length;
    return text;
  };
  return next();
}
