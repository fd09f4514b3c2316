import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardTerminalOutput } from './terminalOutput';

describe('guardTerminalOutput', () => {
  it('shows the controls in what the process writes, through write and console alike', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    guardTerminalOutput([stream as unknown as NodeJS.WriteStream]);
    const console = new Console(stream as unknown as NodeJS.WriteStream);

    console.warn('Install link refused: "evil\u001b[2J\u001b]0;pwned\u0007\u202e"');
    await new Promise<void>((resolve) => stream.write('line\rover\n', () => resolve()));
    expect(written).toBe('Install link refused: "evil\\u001b[2J\\u001b]0;pwned\\u0007\\u202e"\nline\\u000dover\n');
  });
});
