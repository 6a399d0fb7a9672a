/** Where things are in XML text, and a clear message for XML the validator refuses (a cut-off download, or invalid XML). */
import { fail, type ParseContext } from './common';

export function lineNumberOf(text: string, needle: RegExp): number | undefined {
  const m = needle.exec(text);
  return m ? text.slice(0, m.index).split('\n').length : undefined;
}
export function describeXmlError(
  text: string,
  ctx: ParseContext,
  err: { code: string; msg: string; line: number; col: number },
): never {
  const providerName = ctx.source === 'Eagleview .xml' ? 'EagleView' : 'GAF';
  const lastLine = text.trimEnd().split('\n').length;
  const unclosed = /^Invalid '\[(.*)\]' found\.?$/s.exec(err.msg);
  if (err.code === 'InvalidXml' && unclosed) {
    let stack: string[] = [];
    try {
      stack = JSON.parse(`[${unclosed[1]}]`) as string[];
    } catch {
      stack = [];
    }
    const section =
      [...stack].reverse().find((t) => /^(LINES|FACES|POINTS|STRUCTURES|OVERALL_SUMMARY|ROOF)$/.test(t)) ??
      stack[stack.length - 1];
    fail(
      ctx,
      `The file "${ctx.fileName}" is incomplete: it stops at line ${lastLine}${section ? ` inside the <${section}> section` : ''} before the XML is closed, so part of the roof is missing. The download was probably cut off; download the XML from ${providerName} again and upload the complete file.`,
      section ? `<${section}>, line ${lastLine}` : `line ${lastLine}`,
    );
  }
  const where = `line ${err.line}, column ${err.col}`;
  fail(
    ctx,
    `The file "${ctx.fileName}" is not valid XML (${where}: ${err.msg.replace(/\.$/, '')}). Download the XML from ${providerName} again and upload it unchanged.`,
    where,
  );
}
