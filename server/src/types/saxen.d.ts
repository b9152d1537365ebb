// saxen (a dependency of the XLSX reader, lib/xlsx/zip.ts) ships no types: the part of its API we use.
declare module 'saxen' {
  type Decode = (text: string) => string;
  export class Parser {
    constructor(options?: { proxy?: false });
    on(event: 'openTag', fn: (name: string, getAttrs: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'closeTag', fn: (name: string, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'text', fn: (text: string, decode: Decode) => void): this;
    on(event: 'cdata', fn: (text: string) => void): this;
    on(event: 'comment' | 'question' | 'attention', fn: () => void): this;
    on(event: 'error', fn: (error: Error) => void): this;
    /** The next piece of the document; a token split between pieces waits for the next one. */
    write(xml: string): this;
    /** The document is complete: an error, when it is not well-formed (and the error hook did not throw). */
    end(): Error | undefined;
  }
}
