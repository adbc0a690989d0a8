// Sentence templates for free prose (concepts, meetings, daily notes). Placeholders are filled
// from the topic's own vocabulary, so a note about X really talks about X.

export const CONCEPT_SENTENCES = [
  '{T} is easiest to understand through {t1}: once that clicks, {t2} follows naturally.',
  'Most confusion about {T} comes from mixing up {t1} and {t2}.',
  'In practice, teams reach for {T} when {pain} becomes the bottleneck.',
  'A useful rule of thumb is to measure {t1} before tuning {t2}.',
  'The central trade-off is between {q1} and {q2}, and no setting wins on both.',
  'I first ran into {T} while working on {ctx}.',
  'The literature on {field} treats {t1} as the core idea, with {t3} as a later refinement.',
  'Without {t1}, {T} degrades into guesswork about {t2}.',
  'The failure mode to watch is {pain}, which usually shows up long before anyone blames {T}.',
  'Good explanations of {T} start from {t2} and only then introduce {t1}.',
  'When {t3} is ignored, the benefits of {T} quietly disappear.',
  'There is a simple version of {T} that covers most cases and a complicated one that covers the rest.',
  'One way to see it: {t1} is the mechanism, {q1} is the goal, and {t2} is the price.',
  'Benchmarks of {T} tend to overstate {q1} because they rarely include {pain}.',
  'The idea of {t2} predates the name {T} by decades.',
  'For {ctx}, the deciding factor was {q2}, not raw {q1}.',
  'It helps to write down which assumptions about {t1} you are making before committing to {T}.',
  'Teams that adopt {T} without understanding {t3} often end up rebuilding it later.',
  'The best diagrams of {T} show {t1} and {t2} side by side.',
  'Reading about {T} changed how I think about {q2} in general.',
  'Small experiments with {t1} are cheap, so try them before debating {T} in the abstract.',
  'Critics argue that {T} hides too much complexity behind {t2}.',
  'In {field}, {T} is usually introduced together with {t3}.',
  'My current summary: {T} buys {q1} by spending {q2}.',
  'A concrete example: in {ctx}, {t1} was fine until {pain} showed up, and then {t2} became the whole conversation.',
  'The vocabulary is confusing because {t1} and {t3} are used loosely in blog posts about {field}.',
  'Before reaching for {T}, check whether a simpler fix for {pain} exists.',
  'The numbers that matter are {q1} at the median and {q2} at the tail.',
  'Whenever {t2} comes up in design reviews, someone eventually asks about {t3}.',
  'Older texts on {field} describe {t1} in different terms, but the underlying idea is the same.',
  'What surprised me most about {T} is how much depends on {t3}.',
  'Treat {t1} as a budget: spend it where {q1} matters and save it elsewhere.',
]; 

export const CONCEPT_HEADINGS = ['Overview', 'How it works', 'Trade-offs', 'In practice', 'Open questions'];

export const OPEN_QUESTIONS = [
  'How does {t1} behave when {pain} is the norm rather than the exception?',
  'Is there a cheaper proxy for {t2} that is good enough?',
  'What would change if {q1} mattered less than {q2}?',
  'Who has written the clearest explanation of {t3}?',
  'Does {T} still make sense for {ctx}?',
];

export const MEETING_SENTENCES = [
  '{P} walked through the numbers on {t1}; {P2} asked whether {t2} would hold up at twice the load.',
  'We agreed that {t1} needs a clear owner before the next review.',
  '{P} raised a concern about {pain} and proposed a small experiment first.',
  'Most of the time went on {C}, especially {t1}.',
  '{P2} argued that {q1} matters more than {q2} for this quarter.',
  'Long discussion about {t2}; no decision yet, revisit next week.',
  '{P} shared notes from {ctx} that showed {pain} getting worse.',
  'Everyone liked the idea of writing down assumptions about {t3} before committing.',
  '{P2} will check how {C} was handled at a previous company.',
  'The group felt {t1} was under-specified and asked for a one-page proposal.',
  '{P} summarised customer feedback: people care about {q1} far more than about {t2}.',
  'Open question from {P2}: who owns {area} once the pilot ends?',
  'We compared two options for {t3}; the cheaper one wins unless {pain} gets worse.',
  '{P} suggested reading up on {C} before the next session.',
  'Timeline risk: {t1} depends on hiring for {area}, which is behind plan.',
  'Consensus that {q2} is the metric to watch for the next month.',
];

export const DECISIONS = [
  'Go ahead with a two-week spike on {t1}.',
  'Park {t2} until the next planning cycle.',
  'Adopt {C} for the pilot, with a rollback plan.',
  'Hire for {area} before expanding scope.',
  'Keep the current approach; revisit if {pain} doubles.',
];

export const ACTIONS = ['draft a proposal for', 'collect data on', 'write up notes on', 'schedule a follow-up about', 'review the doc on', 'prototype'];

export const DAILY_LOG = [
  'Call with {P} about {C}.',
  'Read more about {C}; the part on {t1} was new to me.',
  'Lunch with {P}, mostly talked about {t2}.',
  'Reviewed a pull request for {J}.',
  'Quick sync with {P} on {J}.',
  'Idea: {t1} could help with {pain}. #idea',
  'Wrote a first draft on {C}. #writing',
  'Spent the afternoon on {J}; {t2} is harder than expected.',
  'Coffee with {P}; they recommended reading about {C}.',
  'Inbox zero, then planning for {J}.',
  'Noticed {pain} again in {ctx}. #followup',
];

export const DAILY_REFLECTIONS = [
  'Today felt scattered. The useful part was thinking about {t1} and how it connects to {t2}.',
  'Good focus in the morning. I want to spend more time on {C} before the week ends.',
  'The conversation about {t2} made me realise how little I know about {t3}.',
  'Energy was low after lunch, so I switched to reading. Notes on {t1} are getting better.',
  'I keep coming back to {q1} versus {q2}; maybe that is the real question behind {C}.',
  'Wrote half a page on {t1} before realising I had the argument backwards. Will try again tomorrow with {t2} as the starting point.',
  'Three things worth remembering from today: {t1} is not the same as {t2}, {pain} is usually a symptom, and {q1} is worth protecting.',
  'A long meeting block left little room for deep work. Next week I want a protected morning for {C}.',
  'Re-read old notes on {C}. Some of them hold up; the part about {t3} needs rewriting.',
  'Small win: finally understood why {t2} matters for {q2}.',
  'I should link more of my notes on {t1} together; right now they are scattered across daily pages.',
  'Tired but satisfied. The draft on {C} is close to something I could share.',
];

export const PERSON_BACKGROUND = [
  '{S} grew up in {city2} and studied {field} before moving into {area}.',
  '{S} is known for careful thinking about {t1} and a habit of writing long design docs.',
  'Conversations with {S} usually end up on {C} and why {t2} is underrated.',
  '{S} speaks at conferences about {C} and mentors younger engineers.',
  'Originally trained in {field}, {S} switched careers after a stint in {city2}.',
  '{S} prefers small teams, short feedback loops and written decisions.',
  '{S} is a good person to ask about {t1}; last time we talked they recommended reading about {C}.',
  '{S} writes a short weekly memo for the team and keeps a public reading list.',
  'Before the current job, {S} spent a few years consulting on {area} for companies in {city2}.',
  '{S} has strong opinions about {t2} and is happy to argue about them over coffee.',
  'Outside work, {S} runs, cooks and reads a lot of history.',
  '{S} tends to ask the question nobody else asks, usually about {t3}.',
  'When hiring, {S} looks for people who write clearly and can explain {t1} simply.',
  'In 1-1s {S} is direct and generous with time; good sounding board for {area}.',
];

export const COMPANY_DESCRIPTIONS = [
  '{O} builds {product} for mid-sized customers in {region}.',
  '{O} sells {product}; most revenue comes from annual contracts.',
  '{O} is a {stage} company working on {product}.',
  'The company makes {product} and has about {headcount} employees.',
];
export const REGIONS = ['Europe', 'North America', 'Southeast Asia', 'Latin America', 'the Nordics', 'the UK', 'East Africa', 'Japan'];
export const STAGES = ['seed-stage', 'Series A', 'growth-stage', 'bootstrapped', 'Series B', 'profitable'];
export const INVESTOR_DESCRIPTIONS = [
  '{O} is an early-stage venture firm that invests in {focus}.',
  '{O} backs founders working on {focus}, usually at seed and Series A.',
  '{O} manages a fund focused on {focus} with offices in {city}.',
];
export const INVESTOR_FOCUS = ['developer tools', 'climate technology', 'applied AI', 'fintech infrastructure', 'digital health', 'industrial automation', 'B2B software'];
