/**
 * Valid PDF files made in code (test kits and browser tests alike): a PDF of some objects with its
 * cross-reference table, and pages of Helvetica text. Nothing here depends on a test runner.
 */

/** A PDF file of these objects (numbered from 1, the catalog first), with its cross-reference table. */
export function pdfFile(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets = objects.map((body, i) => {
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
    return length - part.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

const WIN_ANSI: Record<string, string> = { '€': '\\200', '\u202f': '\\240', '\u2009': '\\240' };
const escapePdfText = (text: string) =>
  text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[€\u202f\u2009]/g, (c) => WIN_ANSI[c]!);
export const showText = (text: string, { size = 18, x = 72, y = 720 } = {}) =>
  `BT /F1 ${size} Tf ${x} ${y} Td (${escapePdfText(text)}) Tj ET`;
export const pdfStream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream'),
  ]);
export const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
export const page = (contents: number) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R >>`;
export const pageTree = (pageIds: number[]) =>
  `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

/**
 * A valid PDF with one page per entry, each showing its text in Helvetica (WinAnsi: Latin-1 and €):
 * one line, or rows of cells set side by side in columns.
 */
export function makePdf(pages: (string | string[][])[]): Buffer {
  const rows = (cells: string[][]) =>
    cells
      .flatMap((row, r) =>
        row.map((cell, c) =>
          cell ? showText(cell, { size: 10, x: 48 + (c * 500) / row.length, y: 760 - 14 * r }) : '',
        ),
      )
      .join('\n');
  const pageIds = pages.map((_, i) => 4 + i * 2);
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    pageTree(pageIds),
    HELVETICA,
    ...pages.flatMap((text, i) => [
      page(5 + i * 2),
      pdfStream('', Buffer.from(typeof text === 'string' ? showText(text) : rows(text), 'latin1')),
    ]),
  ]);
}
