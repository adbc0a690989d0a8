import { describe, expect, it } from 'vitest';
import { zhVariants } from '../../../src/core/search/variants-zh';

describe('zhVariants', () => {
  it('finds a group member anywhere in the question, whatever the segmentation, and returns the others', () => {
    expect(zhVariants('不小心删掉了')).toEqual(expect.arrayContaining(['删除', '移除']));
    expect(zhVariants('出了新版本怎么升级')).toEqual(expect.arrayContaining(['更新']));
  });

  it('leaves out members the question already holds, and questions with no member get nothing', () => {
    expect(zhVariants('删除还是删掉')).not.toContain('删除');
    expect(zhVariants('删除还是删掉')).not.toContain('删掉');
    expect(zhVariants('今天天气很好')).toEqual([]);
    expect(zhVariants('')).toEqual([]);
  });

  it('matches Latin members regardless of case', () => {
    expect(zhVariants('IPHONE 上能用吗')).toEqual(expect.arrayContaining(['苹果手机', 'iOS']));
    expect(zhVariants('IPHONE 上能用吗')).not.toContain('iPhone');
    // Not inside a longer word.
    expect(zhVariants('scenarios 里怎么写')).toEqual([]);
  });
});
