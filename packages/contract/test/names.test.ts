import { describe, expect, it } from 'vitest';
import { nameIn } from '../src/index.ts';

describe('nameIn: a name an operator typed in the three languages', () => {
  const offering = { name_jp: 'カブト電機', name_cn: '兜电机', name_us: 'Kabuto Electric' };

  it('names the record in the reader’s language', () => {
    expect(nameIn(offering, 'jp')).toBe('カブト電機');
    expect(nameIn(offering, 'cn')).toBe('兜电机');
    expect(nameIn(offering, 'us')).toBe('Kabuto Electric');
  });

  it('falls back to the Japanese name when that language’s is empty or missing', () => {
    expect(nameIn({ ...offering, name_us: '' }, 'us')).toBe('カブト電機');
    expect(nameIn({ ...offering, name_cn: '  ' }, 'cn')).toBe('カブト電機');
    expect(nameIn({ name_jp: 'カブト電機' }, 'cn')).toBe('カブト電機');
    expect(nameIn({ name_jp: 'カブト電機', name_us: null }, 'us')).toBe('カブト電機');
  });

  it('is empty when the record has no name at all; a language it does not know reads Japanese', () => {
    expect(nameIn({}, 'us')).toBe('');
    expect(nameIn(offering, 'toString')).toBe('カブト電機');
  });
});
