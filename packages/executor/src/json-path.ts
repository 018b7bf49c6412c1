const INDEX = /^\d+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Turn a JSON pointer (`/items/0/name`, as ajv and core report it) into the path a model
 * reads most easily in a program: `$.items[0].name` (`$` is the whole value).
 */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '$';
  let path = '$';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (INDEX.test(segment)) path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
