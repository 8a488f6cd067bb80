import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetFor, decodeText } from './email.charset.js';
import { parseMail, uudecode } from './email.parse.js';

/** A message of the real-world corpus (see corpus/README.md). */
const corpus = (file: string) => fs.readFileSync(new URL(`./corpus/messages/${file}`, import.meta.url));
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach the database or the reader.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('real-world mail in many charsets is decoded best-effort', () => {
  it.each([
    // Labelled right, in the legacy charsets mail still arrives in.
    ['mikel-mail/multi_charset/japanese_shift_jis.eml', 'このメールはテスト用のメールです'],
    ['mikel-mail/multi_charset/japanese_iso_2022.eml', 'すみません'],
    ['mikel-mail/plain_emails/raw_email.eml', '대부분의 마찬가지로, 우리는 하나님을 믿습니다'],
    ['mikel-mail/multi_charset/ks_c_5601-1987.eml', '스티해'],
    ['mimekit/tnef/ukr.eml', 'шостий'],
    ['mime4j/mimetools-testmsgs/german-qp.msg', 'das ist eine Testnachricht mit 8 Bit Sönderzäichen'],
    // Unlabelled: the bytes are recognised (chardet).
    ['enmime/parts/chardet-success-iso-8859-1.raw', 'DIE Drachenköpfe unserer Boote'],
    ['enmime/parts/chardet-success-big-5.raw', '北齊  顏之推'],
    // Mislabelled: UTF-8 bytes under a GB2312 label; EUC-JP bytes under an ISO-2022-JP label.
    ['spamscope/mail_test_12', '我公司可代开各类增值税发票'],
    ['sisimai/lhost-ezweb-02.eml', '次のあて先へのメッセージはエラーのため送信できませんでした'],
    // Unknown label ("bad-charset"), and an HTML part that names its charset only in <meta>.
    ['thunderbird/bad-charset.eml', 'Despite the bad charset we can find the search term Matterhorn1'],
    ['enmime/mail/non-mime-missing-charset.raw', 'Unencoded Euro Sign: €'],
  ])('%s', async (file, expected) => {
    const mail = await parseMail(corpus(file));
    expect(mail.text).toContain(expected);
    expect(mail.text).not.toMatch(CONTROL);
  });

  it('reads raw 8-bit headers in the charset the message declares, and encoded words in any charset', async () => {
    const outlook = await parseMail(corpus('mail-mime-parser/github-102-01.txt'));
    expect(outlook.subject).toBe('Die Hasen und die Frösche (Microsoft Outlook 00)');
    const gb2312 = await parseMail(corpus('spamscope/mail_test_12'));
    expect(gb2312.subject).toBe('代开各地增值税发票');
    expect(gb2312.from?.value[0]?.name).toBe('张先生');
    const cyrillic = await parseMail(corpus('mikel-mail/plain_emails/raw_email_bad_time.eml'));
    expect(cyrillic.from?.value[0]?.name).toBe('Атиковa');
  });

  it('never hands over NUL or control characters, from binary data in a text part or a NUL in the source', async () => {
    for (const file of ['stalwart/thirdparty/000.eml', 'enmime/parts/chardet-fail.raw', 'sisimai/rfc3464-66.eml']) {
      const mail = await parseMail(corpus(file));
      expect(`${mail.text}${mail.html || ''}${mail.subject ?? ''}`, file).not.toMatch(CONTROL);
    }
    expect((await parseMail(corpus('stalwart/thirdparty/000.eml'))).text).toContain('of binary stuff in here');
  });

  it('trusts a label unless the bytes prove it wrong', () => {
    const latin1 = iconv.encode('Peña, Muñoz y Ibáñez', 'latin1');
    expect(decodeText(latin1, 'utf-8')).toBe('Peña, Muñoz y Ibáñez');
    expect(decodeText(latin1, 'us-ascii')).toBe('Peña, Muñoz y Ibáñez');
    expect(decodeText(Buffer.from('Peña', 'utf8'), 'iso-8859-1')).toBe('Peña');
    expect(decodeText(iconv.encode('Привет, мир', 'koi8-r'), 'koi8-r')).toBe('Привет, мир');
    expect(decodeText(iconv.encode('Привет, мир', 'koi8-r'), 'x-unknown')).not.toMatch(/\uFFFD/);
    // Two Korean syllables in EUC-KR are also valid UTF-8: a short double-byte text keeps its label.
    const korean = iconv.encode('가나', 'euc-kr');
    expect(charsetFor(korean, 'euc-kr')).toBe('cp949');
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00]), 'us-ascii')).toBe('AB');
    expect(decodeText(Buffer.from('Hola +AOE-rbol', 'ascii'), 'unicode-1-1-utf-7')).toBe('Hola árbol');
    expect(decodeText(Buffer.from('precio: \u0080 5', 'latin1'), 'iso-8859-1')).toBe('precio: € 5');
  });
});

describe('attachments hidden in old formats', () => {
  it('moves uuencoded files out of the text into attachments', async () => {
    const mail = await parseMail(corpus('mime4j/mimetools-testmsgs/uu-zeegee.msg'));
    expect(mail.text).toContain("I've uuencoded the ZeeGee logo and another GIF file below.");
    expect(mail.text).not.toContain('begin 644');
    expect(mail.attachments.map((file) => [file.filename, file.content.subarray(0, 6).toString('latin1')])).toEqual([
      ['up.gif', 'GIF87a'],
      ['zeegee.gif', 'GIF87a'],
    ]);
    expect(uudecode('begin 644 a.txt\n#86)C\n`\nend\n').toString()).toBe('abc');
  });

  it('keeps a forwarded message (message/rfc822) as a part of its own', async () => {
    const mail = await parseMail(corpus('mimekit/messages/simple-embedded-message.eml'));
    expect(mail.attachments.map((file) => file.contentType)).toEqual(['message/rfc822']);
  });
});
