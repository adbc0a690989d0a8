// Typed-relation phrasings. Many templates per relation so a link typer cannot pass by matching
// one fixed sentence. Placeholders: {S} subject (plain text), {O} object link, {P}/{I} person or
// investor link, {year}, {role}, {area}, {round}, {city}, {product}, {n}.

export function fill(template, vars) {
  // Function values are evaluated only when their placeholder is used: a link is recorded in
  // the ground truth only if it really ends up in the text.
  return template.replace(/\{(\w+)\}/g, (m, key) => {
    if (!(key in vars)) return m;
    const v = vars[key];
    return String(typeof v === 'function' ? v() : v);
  });
}

export const EN = {
  works_at: [
    '{S} works at {O} as {role}.',
    '{S} is the {role} at {O}.',
    '{S} joined {O} in {year} and is now its {role}.',
    'Currently {role} at {O}, based in {city}.',
    '{S} has been with {O} since {year}, working as {role}.',
    '{S} is employed by {O}, where the title on the door says {role}.',
    'These days {S} leads {area} at {O}.',
    'Day job: {role} at {O}.',
    '{S} is part of the {area} team at {O} ({role}).',
    'Works for {O} as {role} out of the {city} office.',
  ],
  founded: [
    '{S} founded {O} in {year}.',
    'In {year}, {S} started {O} in {city} to build {product}.',
    '{S} is the founder of {O}.',
    '{S} co-founded {O} back in {year}.',
    '{S} launched {O} in {year} after years of frustration with {area}.',
    'Founder of {O} ({year}).',
    '{S} created {O} in {year}, initially as a side project around {product}.',
  ],
  founded_passive: [
    '{O} was founded in {year} by {P}.',
    'Founded by {P} in {year}.',
    '{P} started the company in {year}.',
    'The company was set up by {P} in {city}.',
  ],
  invested_in: [
    '{S} invested in {O} in {year}.',
    '{S} led the {round} of {O}.',
    '{S} backed {O} at the {round} stage.',
    '{S} wrote an early check into {O} in {year}.',
    '{S} participated in the {round} of {O}.',
    '{S} holds a stake in {O} from its {round}.',
  ],
  invested_portfolio: [
    '- Led the {round} of {O} in {year}',
    '- Invested in {O} ({round}, {year})',
    '- Backed {O} at {round}',
    '- Co-invested in {O} alongside other funds, {year}',
  ],
  investor_passive: [
    '{O} raised a {round} led by {I} in {year}.',
    'Investors include {I}.',
    'Backed by {I} since the {round}.',
    '{I} invested in the {round} in {year}.',
  ],
  advises: [
    '{S} advises {O} on {area}.',
    '{S} is an advisor to {O}.',
    '{S} sits on the advisory board of {O}.',
    '{S} also serves as a strategic advisor for {O}.',
    'On the side, {S} advises the founders of {O} on {area}.',
    'Advisor at {O} since {year}.',
  ],
  advises_passive: ['Advisors: {P}.', '{P} advises the team on {area}.', '{P} joined as an advisor in {year}.'],
  former: [
    'Before that, {S} spent {n} years at {O}.',
    '{S} previously worked at {O}.',
    '{S} left {O} in {year}.',
    'Earlier in their career {S} was at {O}, which they left in {year}.',
  ],
};

export const ZH = {
  works_at: ['{S}在{O}担任{role}。', '{S}就职于{O}，担任{role}。', '{S}目前在{O}工作，负责{area}。', '{S}于{year}年加入{O}，现任{role}。', '{S}是{O}的{role}。'],
  founded: ['{S}于{year}年创立了{O}。', '{year}年，{S}在{city}创立了{O}。', '{S}是{O}的创始人。', '{S}联合创立了{O}，专注于{product}。'],
  founded_passive: ['公司由{P}于{year}年创立。', '{P}在{year}年创立了这家公司。', '创始人：{P}。'],
  invested_in: ['{S}投资了{O}。', '{S}领投了{O}的{round}融资。', '{S}在{year}年参与了{O}的{round}投资。', '{S}于{year}年投资了{O}。'],
  investor_passive: ['{O}获得了{I}的投资。', '投资方包括{I}。', '{year}年完成{round}融资，由{I}领投。'],
  advises: ['{S}担任{O}的顾问。', '{S}是{O}的战略顾问。', '{S}同时担任{O}的技术顾问，主要关注{area}。'],
  advises_passive: ['顾问：{P}。', '{P}担任公司顾问。'],
  former: ['{S}此前曾在{O}工作了{n}年。', '{S}在{year}年离开了{O}。'],
};

export const AREAS = ['infrastructure', 'go-to-market', 'hiring', 'pricing', 'security', 'data engineering', 'product design', 'research', 'developer experience', 'partnerships', 'fundraising', 'machine learning'];
export const ZH_AREAS = ['技术架构', '产品设计', '市场拓展', '融资', '招聘', '数据平台', '算法研究', '供应链'];
export const ROUNDS = ['pre-seed', 'seed round', 'Series A', 'Series B', 'Series C', 'bridge round'];
export const ZH_ROUNDS = ['天使轮', 'A轮', 'B轮', 'Pre-A轮', 'C轮'];
