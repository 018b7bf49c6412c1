import type { Binding } from '@toolcell/registry';

// A small keyword ranker over a scope's bindings. Tool names weigh most, then parameter
// names, then descriptions; rare words weigh more than common ones (an IDF factor); a word
// in the query also matches longer words it begins (`repo` → `repository`).

const FIELD_WEIGHTS = { name: 4, parameters: 1.5, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
// Prefix matches count for this share of an exact match.
const PREFIX_SHARE = 0.5;
const MIN_PREFIX_LENGTH = 3;

/** Lowercase words of a text: camelCase, snake_case, kebab-case and punctuation split; plurals folded. */
export function searchTerms(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

interface Document {
  readonly binding: Binding;
  readonly fields: Record<Field, ReadonlySet<string>>;
}

/** A ranked match. */
export interface SearchMatch {
  readonly binding: Binding;
  readonly score: number;
}

function parameterNames(binding: Binding): string {
  if (binding.tool.kind !== 'function') return 'input';
  const properties = binding.tool.inputSchema.properties;
  return properties ? Object.keys(properties).join(' ') : '';
}

/** The keyword index of one scope's bindings. */
export class SearchIndex {
  private readonly documents: readonly Document[];
  private readonly documentFrequency = new Map<string, number>();

  constructor(bindings: readonly Binding[]) {
    this.documents = bindings.map((binding) => ({
      binding,
      fields: {
        name: new Set(searchTerms(`${binding.canonicalName} ${binding.jsName}`)),
        parameters: new Set(searchTerms(parameterNames(binding))),
        description: new Set(searchTerms(binding.tool.description)),
      },
    }));
    for (const document of this.documents) {
      const words = new Set([...document.fields.name, ...document.fields.parameters, ...document.fields.description]);
      for (const word of words) this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
    }
  }

  /** Bindings matching at least one query word, best first (ties by canonical name). */
  search(query: string): SearchMatch[] {
    const words = [...new Set(searchTerms(query))];
    const exactName = query.trim();
    const matches: SearchMatch[] = [];
    for (const document of this.documents) {
      let score = 0;
      let matched = 0;
      for (const word of words) {
        const weight = this.bestFieldWeight(document, word);
        if (weight === 0) continue;
        matched += 1;
        score += weight * this.rarity(word);
      }
      if (matched === 0) continue;
      // Covering more of the query beats repeating one strong word.
      score *= matched / words.length;
      if (document.binding.canonicalName === exactName || document.binding.jsName === exactName) score += 1000;
      matches.push({ binding: document.binding, score });
    }
    return matches.sort(
      (left, right) =>
        right.score - left.score || (left.binding.canonicalName < right.binding.canonicalName ? -1 : left.binding.canonicalName > right.binding.canonicalName ? 1 : 0),
    );
  }

  private bestFieldWeight(document: Document, word: string): number {
    let best = 0;
    for (const field of Object.keys(FIELD_WEIGHTS) as Field[]) {
      const words = document.fields[field];
      const weight = FIELD_WEIGHTS[field];
      if (words.has(word)) best = Math.max(best, weight);
      else if (word.length >= MIN_PREFIX_LENGTH && [...words].some((candidate) => candidate.startsWith(word))) {
        best = Math.max(best, weight * PREFIX_SHARE);
      }
    }
    return best;
  }

  private rarity(word: string): number {
    const frequency = this.documentFrequency.get(word) ?? 1;
    return Math.log(1 + this.documents.length / frequency);
  }
}
