import { describe, expect, it } from 'vitest';
import { parseRelationAsk } from '../../../src/core/search/relation-intent';

describe('parseRelationAsk', () => {
  it.each([
    ['who works at Acme Robotics?', 'works_at', 'subjects', 'Acme Robotics', 'current'],
    ['Who is working for Acme', 'works_at', 'subjects', 'Acme', 'current'],
    ['who worked at Acme Robotics', 'works_at', 'subjects', 'Acme Robotics', 'any'],
    ['who invested in Acme Robotics', 'invested_in', 'subjects', 'Acme Robotics', 'any'],
    ['who backed [[Acme]]?', 'invested_in', 'subjects', 'Acme', 'any'],
    ['who advises Acme Robotics', 'advises', 'subjects', 'Acme Robotics', 'any'],
    ['who attended 2024-03-05 Acme board meeting?', 'attended', 'subjects', '2024-03-05 Acme board meeting', 'any'],
    ['who founded Acme Robotics', 'founded', 'subjects', 'Acme Robotics', 'any'],
    ['who co-founded Acme', 'founded', 'subjects', 'Acme', 'any'],
    ['founders of Acme Robotics', 'founded', 'subjects', 'Acme Robotics', 'any'],
    ['where does Alice Chen work?', 'works_at', 'objects', 'Alice Chen', 'current'],
    ['what did Bob Li invest in?', 'invested_in', 'objects', 'Bob Li', 'any'],
    ['谁在星辰科技工作？', 'works_at', 'subjects', '星辰科技', 'current'],
    ['谁投资了星辰科技', 'invested_in', 'subjects', '星辰科技', 'any'],
    ['谁创立了星辰科技？', 'founded', 'subjects', '星辰科技', 'any'],
    ['谁是Acme Robotics的顾问？', 'advises', 'subjects', 'Acme Robotics', 'any'],
    ['谁参加了2024-11-20 星辰科技合作会议？', 'attended', 'subjects', '2024-11-20 星辰科技合作会议', 'any'],
    ['星辰科技的创始人是谁', 'founded', 'subjects', '星辰科技', 'any'],
  ])('%s', (q, relation, want, name, tense) => {
    expect(parseRelationAsk(q)).toEqual({ kind: 'relation', relation, want, name, tense });
  });

  it('recognises "what connects A and B" in English and Chinese', () => {
    expect(parseRelationAsk('what connects Alice Chen and Bob Li?')).toEqual({ kind: 'connects', names: ['Alice Chen', 'Bob Li'] });
    expect(parseRelationAsk('how are Alice and Bob connected')).toEqual({ kind: 'connects', names: ['Alice', 'Bob'] });
    expect(parseRelationAsk('王伟和Alice Chen有什么关系？')).toEqual({ kind: 'connects', names: ['王伟', 'Alice Chen'] });
    expect(parseRelationAsk('what connects Alice and alice')).toBeNull();
  });

  it('leaves ordinary questions alone', () => {
    for (const q of ['how do I make a note show up when I hover over a link', 'who', 'works at', '', '   ', '后台任务怎么重试', 'network/who works at']) {
      expect(parseRelationAsk(q)).toBeNull();
    }
  });

  it('is fast and safe on pathological input', () => {
    const t0 = Date.now();
    expect(parseRelationAsk(`who works at ${'a '.repeat(100_000)}`)).toBeNull();
    expect(parseRelationAsk('what connects '.repeat(20) + ' and '.repeat(20))).not.toBe(undefined);
    expect(parseRelationAsk('\u0000\u0001who works at \uFFFF')).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
