import { printColumns, printJson, printTable } from './output';

function capture() {
  let out = '';
  return { context: { stdout: (text: string) => void (out += text) }, text: () => out };
}

describe('CLI output', () => {
  it('should align columns two spaces apart, leaving the last column unpadded', () => {
    const { context, text } = capture();
    printColumns(context, ['NAME', 'STATE', 'NOTE'], [['a', 'issued', 'first'], ['longer-name', 'revoked', '']]);
    expect(text()).toBe('NAME         STATE    NOTE\na            issued   first\nlonger-name  revoked\n');
  });

  it('should print only the header for no rows, label/value tables and JSON', () => {
    const one = capture();
    printColumns(one.context, ['A', 'B'], []);
    expect(one.text()).toBe('A  B\n');
    const two = capture();
    printTable(two.context, [['Name', 'x'], ['Serial', '01']]);
    expect(two.text()).toBe('Name    x\nSerial  01\n');
    const three = capture();
    printJson(three.context, { a: 1 });
    expect(three.text()).toBe('{\n  "a": 1\n}\n');
  });
});
