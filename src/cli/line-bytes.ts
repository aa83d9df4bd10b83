/**
 * Lines of text as UTF-8 bytes, a chunk at a time. One write per line was a tenth of a `generate`
 * run, and `Buffer.from` of each chunk 20 times slower than encoding into a buffer that is already
 * there. V8 holds a line as a tree of the strings it was joined from, and copies that tree out
 * fastest while it is fresh: lines joined into a chunk of 64 kB first took a tenth longer to
 * encode, and a megabyte's chunk four times longer. Short lines are joined up to `PART`
 * characters first, so that each encoding call carries a few kilobytes.
 */
export const CHUNK = 1 << 16;
const PART = 1 << 12;

export class LineBytes {
  private bytes = Buffer.allocUnsafe(4 * CHUNK);
  private used = 0;
  private part = '';

  /**
   * `sink` takes each chunk. With `reuse`, a chunk is a view of one buffer written over next time,
   * so the sink must be done with it when it returns (a synchronous write); without, each is its own.
   */
  constructor(
    private readonly sink: (bytes: Uint8Array) => void,
    private readonly reuse: boolean,
  ) {}

  /** Adds one line (a newline follows it). */
  line(text: string): void {
    this.part += `${text}\n`;
    if (this.part.length >= PART) {
      this.encode(this.part);
      this.part = '';
    }
  }

  /** Hands over what is left. */
  end(): void {
    if (this.part !== '') this.encode(this.part);
    this.part = '';
    if (this.used > 0) this.pass();
  }

  private encode(text: string): void {
    // A UTF-16 unit takes at most three bytes of UTF-8.
    const most = 3 * text.length;
    if (this.used + most > this.bytes.length) {
      if (this.used > 0) this.pass();
      if (most > this.bytes.length) this.bytes = Buffer.allocUnsafe(most);
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    // A chunk kept (not reused) fills most of its buffer, which it holds until written.
    if (this.used >= (this.reuse ? CHUNK : 3 * CHUNK)) this.pass();
  }

  private pass(): void {
    this.sink(this.bytes.subarray(0, this.used));
    if (!this.reuse) this.bytes = Buffer.allocUnsafe(4 * CHUNK);
    this.used = 0;
  }
}
