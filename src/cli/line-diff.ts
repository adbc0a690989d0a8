// A unified-style line diff for showing what a config change will do before it is written (config files are
// small, so a plain LCS table is fine). Unchanged runs are cut to `context` lines around each change.

export function lineDiff(before: string, after: string, context = 2): string {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: { kind: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i++]! });
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) ops.push({ kind: '+', line: b[j++]! });
    else ops.push({ kind: '-', line: a[i++]! });
  }
  const near = ops.map((_, k) => ops.slice(Math.max(0, k - context), k + context + 1).some((o) => o.kind !== ' '));
  const out: string[] = [];
  let gap = false;
  ops.forEach((o, k) => {
    if (!near[k]) {
      if (!gap) out.push('  ...');
      gap = true;
      return;
    }
    gap = false;
    out.push(`${o.kind} ${o.line}`);
  });
  return out.join('\n');
}
