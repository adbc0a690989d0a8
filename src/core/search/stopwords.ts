// Words that carry no topic in a search question. English: the usual function words plus question and
// request words ("how do I", "is there a way to"). Chinese: question words, particles and pronouns that the
// segmenter returns as words.

export const EN_STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
few for from further had hadn't has hasn't have haven't having he her here hers herself him himself his how
i i'm i've if in into is isn't it it's its itself just let's me more most my myself no nor not of off on
once only or other ought our ours ourselves out over own same she should shouldn't so some such than that
that's the their theirs them themselves then there there's these they this those through to too under until
up very was wasn't we were weren't what what's when where which while who whom why with won't would wouldn't
you your yours yourself yourselves will shall may might must also get got want wanted need needs way ways
possible able thing things something anything everything someone somebody anyone use using used i'd
tell know please help does there's what's how's is there`.split(/\s+/),
);

export const CJK_STOPWORDS: ReadonlySet<string> = new Set(
  `的 了 吗 呢 吧 啊 呀 么 是 在 有 和 与 或 就 都 也 还 要 会 能 让 把 被 对 给 从 向 里 我 你 他 她 它
我们 你们 他们 自己 这 那 这个 那个 这些 那些 这样 那样 什么 怎么 怎样 怎么样 如何 为什么 为何 哪 哪些 哪个 哪里 哪儿
谁 谁在 谁是 多少 几 应该 可以 能够 需要 一个 一下 一些 一直 还是 或者 如果 因为 所以 但是 而且 时候 情况 有没有 是不是
特别 非常 比较 最 很 太 更 就是 变得 觉得 想 想要 我在 我的 你的 到底 其实 然后 不是 没有
能不能 不能 可不可以 行不行 好不好 怎么办 怎么弄 怎么搞 咋 咋办 弄 搞 东西 一点 一点儿 直接 整个 那种 这种 之类 的话 老是 总是
每次 平时 突然 有什么 是否`.split(/\s+/),
);
