// The slice of the WebAssembly JS API the engine uses. The shared tsconfig's `lib` is
// ES2023 only (no DOM), and @types/node does not declare WebAssembly.
declare namespace WebAssembly {
  interface MemoryDescriptor {
    initial: number;
    maximum?: number;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  // eslint-disable-next-line no-var -- how lib.dom.d.ts declares the constructor too
  var Memory: {
    prototype: Memory;
    new (descriptor: MemoryDescriptor): Memory;
  };
}
