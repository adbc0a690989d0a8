// A vault for the retrieval pipeline's stages: people, companies and meetings linked by typed edges (with a
// cycle and a two-hop chain), dated notes of three kinds (a daily note, a meeting titled by date, a frontmatter
// date, timeline lines), near-duplicate names, and a hub company with more staff than one hop keeps.

const staff = Array.from({ length: 60 }, (_, i) => String(i + 1).padStart(2, '0'));

export const PIPELINE_VAULT: Record<string, string> = {
  'people/Alice Chen.md': `---
type: person
aliases: [Alice]
---
# Alice Chen

Alice Chen works at [[Acme Robotics]] as CTO and leads the warehouse robot fleet software.
`,
  'people/Alicia Chen.md': `---
type: person
---
# Alicia Chen

Alicia Chen is a designer in Lisbon.
`,
  'people/Bob Li.md': `---
type: person
---
# Bob Li

Bob Li advises [[Acme Robotics]] on hardware.

## Timeline
- **2024-03-20** | Bob met the Northwind partners about the hardware budget
- **2023-07-02** | Bob joined the advisory board
`,
  'companies/Acme Robotics.md': `---
type: company
key_people: ["[[Alice Chen]]"]
investors: ["[[Northwind Ventures]]"]
---
# Acme Robotics

Acme Robotics builds warehouse robots. See also [[Robot glossary]].
`,
  'companies/Northwind Ventures.md': `---
type: company
---
# Northwind Ventures

Northwind Ventures invested in [[Acme Robotics]] in 2020. Its partner [[Greta Holm]] sits on boards.
`,
  'people/Greta Holm.md': `---
type: person
---
# Greta Holm

Greta Holm works at [[Northwind Ventures]] as a partner.
`,
  'notes/Robot glossary.md': `# Robot glossary

Terms for warehouse robots: AMR, AGV, fleet manager.
`,
  'meetings/2024-03-05 Acme board meeting.md': `---
type: meeting
attendees: ["[[Alice Chen]]", "[[Bob Li]]"]
---
# 2024-03-05 Acme board meeting

Budget review for the next year.
`,
  'daily/2024-03-12.md': `# 2024-03-12

Wrote the hiring plan draft.
`,
  'notes/Offsite recap.md': `---
date: 2024-03-28
---
# Offsite recap

The team offsite in Porto: roadmap and hiring.
`,
  'notes/Planning in March 2024.md': `# Planning in March 2024

A concept note about how planning works in March 2024 and what happened to the quarterly review process.
`,
  'daily/2024-04-02.md': `# 2024-04-02

Quiet day.
`,
  'meetings/2024-11-25 Weekly sync.md': `---
type: meeting
---
# 2024-11-25 Weekly sync

Weekly sync about the hiring plan.
`,
  'people/王伟.md': `---
type: person
aliases: [伟哥]
---
# 王伟

王伟于2016年创立了[[星辰科技]]。

## 时间线
- 2024年3月8日 王伟和青禾创投谈融资
`,
  'companies/星辰科技.md': `---
type: company
---
# 星辰科技

星辰科技是一家仓储机器人公司。
`,
  'companies/Megacorp.md': `---
type: company
key_people: [${staff.map((n) => `"[[Staff ${n}]]"`).join(', ')}]
---
# Megacorp

Megacorp is a large employer.
`,
  ...Object.fromEntries(
    staff.map((n) => [
      `people/Staff ${n}.md`,
      `---\ntype: person\n---\n# Staff ${n}\n\nStaff ${n} is an engineer on the platform team${n === '17' ? ' who restores zeppelin engines on weekends' : ''}.\n`,
    ]),
  ),
};
