// The heap a retention test measures: V8's used heap after two forced collections, less
// compiled code and bytecode (which grow as code first runs, not as objects are kept).
import v8 from 'node:v8';
import vm from 'node:vm';

/** @type {(() => void) | undefined} */
let collectGarbage;

/** @returns {number} */
export function heapBytes() {
  if (collectGarbage === undefined) {
    v8.setFlagsFromString('--expose-gc');
    collectGarbage = vm.runInNewContext('gc');
  }
  collectGarbage();
  collectGarbage();
  const code = v8.getHeapCodeStatistics();
  return v8.getHeapStatistics().used_heap_size - code.code_and_metadata_size - code.bytecode_and_metadata_size;
}
