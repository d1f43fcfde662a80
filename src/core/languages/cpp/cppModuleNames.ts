/**
 * @file C++'s module names (the resolver's moduleNames hook): a source file beside a header of the
 * same name is named with its extension.
 * Runs in: everywhere (stitcher, pipeline). Layer src/core.
 */
import type { ModuleNaming } from '../../graph/moduleNames.ts';
import { dotted, joinDotted } from '../../graph/moduleNames.ts';

const CPP_HEADER = /\.(h|hh|hpp|hxx|h\+\+|inl|ipp)$/i;

/**
 * `shape.h` and `shape.cpp` of one folder would be two modules named 'src.shape': the header
 * keeps the name, and the other files of that name are named with their extension ('src.shape.cpp',
 * local name 'shape.cpp'), so every module name, and every entity's qualified name, stays unique.
 */
export function cppModuleNames(files: readonly { path: string }[], plain: readonly ModuleNaming[]): ModuleNaming[] {
  const namings = [...plain];
  const byName = new Map<string, number[]>();
  files.forEach((_file, i) => {
    const name = namings[i]!.name;
    const same = byName.get(name);
    if (same) same.push(i);
    else byName.set(name, [i]);
  });
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const keeper = same.find((i) => CPP_HEADER.test(files[i]!.path)) ?? same[0]!;
    for (const i of same) {
      if (i === keeper) continue;
      const base = files[i]!.path.slice(files[i]!.path.lastIndexOf('/') + 1);
      const naming = namings[i]!;
      namings[i] = { ...naming, name: joinDotted(naming.folder === '' ? '' : dotted(naming.folder), base), localName: base };
    }
  }
  return namings;
}
