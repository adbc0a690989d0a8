// Name banks for people and organisations (English and Chinese). Invented combinations;
// any resemblance to a real person or company is accidental.

export const FIRST_NAMES = `Alice Aaron Abigail Adrian Aisha Alan Alejandro Alexei Alma Amara Amir Ana Andre Angela Anika
Anton Arjun Astrid Ava Beatriz Ben Bianca Boris Brianna Bruno Caleb Camila Carlos Carmen Catalina Chidi Chloe Clara
Colin Connor Dalia Daniel Daria David Deepa Diego Dmitri Elena Eli Elif Emeka Emil Emily Emma Enzo Erik Esther Ethan
Fatima Felix Fernando Fiona Freya Gabriel Gemma Georgia Grace Hana Hannah Harper Hassan Hector Helen Hugo Ibrahim Ida
Ingrid Irene Isaac Isabel Ivan Jack Jada Jamal James Jana Javier Jin Joao Jonas Jordan Jose Julia Julian Kai Kamala
Karim Karl Kate Kavya Kenji Keira Kofi Lars Laura Leah Leila Leo Liam Lina Lorenzo Lucas Lucia Luis Maya Malik Marco
Maria Marcus Mariana Mateo Max Mei Mia Miguel Mila Mina Mohammed Nadia Naomi Nathan Neha Nia Nicolas Nikhil Nina Noah
Nora Olga Oliver Olivia Omar Oscar Owen Paolo Paula Pedro Petra Priya Rafael Rahul Ravi Rebecca Renata Ricardo Rina
Rohan Rosa Ruth Ryan Sakura Samir Samuel Sara Sebastian Selin Sergei Shreya Simone Sofia Sophie Stefan Sun Tariq Tessa
Theo Thomas Tobias Tomas Uma Valentina Vera Victor Vikram Wei Will Xavier Yara Yasmin Yuki Yusuf Zara Zoe Zeynep
Arash Bashir Cyrus Dana Elliot Farah Gideon Harriet Imogen Jasper Kiran Lena Magnus Nils Orla Quentin Rhea Soren
Tove Ulrich Wanda Yannick Zainab Ines Hiroshi Akira Minh Thanh Aditi Ishaan Marta Pilar Ciaran Aoife Sven Greta`
  .split(/\s+/)
  .filter(Boolean);

export const LAST_NAMES = `Chen Abbott Adeyemi Agarwal Alvarez Andersen Arslan Bakker Baptiste Barros Becker Bennett Bianchi
Brennan Brooks Calloway Campos Carter Castillo Chowdhury Costa Dalton Das Delgado Dimitrov Dubois Duarte Eklund Engel
Esposito Evans Farouk Ferreira Fischer Fitzgerald Fontaine Fujita Garcia Gallagher Gonzalez Gupta Haddad Halvorsen
Hartmann Hayes Herrera Hoffmann Holm Hughes Ibrahim Ivanova Iyer Jansen Jensen Johansson Kamau Kapoor Kato Keller
Kim Kowalski Kruger Kumar Laine Larsen Lebedev Lee Lindqvist Lopez Lund Mahmoud Marin Martins Mendes Meyer Molina
Moreau Morgan Murphy Nakamura Nair Navarro Nguyen Nielsen Novak Nowak Okafor Okonkwo Oliveira Olsen Ortega Osei
Park Patel Pereira Petrov Popescu Quinn Rahman Ramos Reddy Reyes Richter Rivera Romano Rossi Russo Saito Salazar
Santos Sato Schmidt Schneider Sharma Silva Singh Sokolov Sorensen Stein Suzuki Svensson Takahashi Tan Tanaka Torres
Tran Turner Ueda Valdez Vance Vargas Varga Verma Vogel Volkov Wagner Walsh Weber Wong Yamamoto Yilmaz Young Zhang
Zhou Ziegler Okoye Mensah Asante Banerjee Bose Rao Menon Pillai Hakimi Karimi Sadeghi Moreno Ibarra Cordero Lucero
Blackwood Ashford Whitlock Pemberton Thornton Ridley Holloway Sinclair Fairbanks Marlowe Kingsley Winslow Harlow
Lindgren Aalto Virtanen Koskinen Horvat Kovac Dvorak Novotny Szabo Nagy Papadopoulos Georgiou Demir Celik Aydin`
  .split(/\s+/)
  .filter(Boolean);

/** First names that commonly have a short form used as an alias. */
export const NICKNAMES = {
  Alexei: 'Lyosha', Abigail: 'Abby', Benjamin: 'Ben', Daniel: 'Dan', Elizabeth: 'Liz', Gabriel: 'Gabe', James: 'Jim',
  Jonathan: 'Jon', Katherine: 'Kate', Nicolas: 'Nico', Rebecca: 'Becca', Samuel: 'Sam', Sebastian: 'Seb', Thomas: 'Tom',
  Valentina: 'Vale', Alejandro: 'Alex', Fernando: 'Nando', Isabel: 'Isa', Lorenzo: 'Enzo', Tobias: 'Toby', Nathan: 'Nate',
  Victor: 'Vic', Dmitri: 'Dima', Sergei: 'Seryozha', Olivia: 'Liv', Matthew: 'Matt', William: 'Will', Julian: 'Jules',
};

export const COMPANY_PREFIXES = `Acme Northwind Bluefin Cedar Helix Lumen Orbit Quanta Redwood Silverline Tidal Vertex Aster
Beacon Borealis Cobalt Copperleaf Crescent Driftwood Ember Everpine Fathom Fieldstone Firefly Glacier Granite Halcyon
Harbor Ironbark Juniper Kestrel Keystone Lattice Lodestar Marigold Meridian Monarch Nimbus Northstar Oakridge Obsidian
Onyx Pinnacle Polaris Prism Quarry Quill Radiant Ridgeline Sablewood Saffron Sequoia Sierra Skylark Solstice Sparrow
Stillwater Summit Tamarack Tessellate Thistle Topaz Trellis Umber Vantage Velvet Verdant Wayfarer Westwind Willow
Zephyr Alder Arbor Bramble Canopy Clearwater Corvid Dovetail Evergreen Foxglove Goldcrest Heron Indigo Jasper
Kingfisher Larkspur Mistral Nightjar Oriel Pebble Quartz Rook Sundial Tern Upland Vireo Wren Yarrow Zenith Basalt
Cirrus Delta Estuary Fjord Gossamer Hollow Ivory Kelp Loam Mosaic Nacre Opal Pylon Rivet Shale Tundra`
  .split(/\s+/)
  .filter(Boolean);

/** Industry -> name suffixes, tags and a few product nouns used in descriptions. */
export const INDUSTRIES = [
  { key: 'robotics', suffixes: ['Robotics', 'Automation', 'Machines'], tag: 'robotics', products: ['warehouse picking arms', 'autonomous mobile robots', 'robot fleet software'] },
  { key: 'analytics', suffixes: ['Analytics', 'Data', 'Insights'], tag: 'data', products: ['a columnar analytics engine', 'product analytics dashboards', 'a data quality monitor'] },
  { key: 'ai', suffixes: ['AI', 'Intelligence', 'Labs'], tag: 'ai', products: ['retrieval-augmented assistants', 'document understanding models', 'an evaluation platform for language models'] },
  { key: 'bio', suffixes: ['Bio', 'Therapeutics', 'Genomics'], tag: 'biotech', products: ['CRISPR screening services', 'protein design software', 'single-cell sequencing kits'] },
  { key: 'health', suffixes: ['Health', 'Care', 'Medical'], tag: 'health', products: ['remote patient monitoring', 'clinical scheduling software', 'a symptom triage app'] },
  { key: 'energy', suffixes: ['Energy', 'Power', 'Grid'], tag: 'climate', products: ['grid-scale battery storage', 'solar forecasting software', 'heat pump retrofits'] },
  { key: 'logistics', suffixes: ['Logistics', 'Freight', 'Supply'], tag: 'logistics', products: ['freight matching', 'last-mile routing', 'cold-chain tracking sensors'] },
  { key: 'security', suffixes: ['Security', 'Shield', 'Defense'], tag: 'security', products: ['endpoint detection', 'secrets scanning for CI pipelines', 'zero-trust network access'] },
  { key: 'software', suffixes: ['Software', 'Systems', 'Works'], tag: 'devtools', products: ['a developer portal', 'feature flag infrastructure', 'a continuous profiling tool'] },
  { key: 'payments', suffixes: ['Payments', 'Pay', 'Financial'], tag: 'fintech', products: ['cross-border payouts', 'usage-based billing', 'fraud scoring APIs'] },
  { key: 'cloud', suffixes: ['Cloud', 'Compute', 'Networks'], tag: 'infrastructure', products: ['serverless GPU inference', 'edge caching', 'managed Postgres'] },
  { key: 'materials', suffixes: ['Materials', 'Composites', 'Foundry'], tag: 'hardware', products: ['recycled carbon fibre', 'solid-state battery cathodes', 'low-carbon cement additives'] },
  { key: 'mobility', suffixes: ['Mobility', 'Motors', 'Transit'], tag: 'mobility', products: ['e-bike fleet management', 'EV charging networks', 'transit scheduling software'] },
  { key: 'education', suffixes: ['Learning', 'Academy', 'Education'], tag: 'edtech', products: ['adaptive math tutoring', 'a spaced repetition platform', 'course authoring tools'] },
];

export const INVESTOR_SUFFIXES = ['Ventures', 'Capital', 'Partners', 'Fund', 'Growth'];

export const ROLES = [
  'CEO', 'CTO', 'COO', 'CFO', 'VP of Engineering', 'Head of Product', 'Staff Engineer', 'Senior Engineer',
  'Data Scientist', 'Product Manager', 'Product Designer', 'Head of Sales', 'Research Scientist', 'Engineering Manager',
  'Head of Operations', 'Machine Learning Engineer', 'Developer Advocate', 'Head of Marketing', 'Solutions Architect',
];
export const INVESTOR_ROLES = ['Partner', 'General Partner', 'Principal', 'Associate', 'Venture Partner'];

export const CITIES = [
  'Berlin', 'London', 'Lisbon', 'San Francisco', 'New York', 'Toronto', 'Austin', 'Seattle', 'Boston', 'Paris',
  'Amsterdam', 'Stockholm', 'Copenhagen', 'Zurich', 'Munich', 'Barcelona', 'Madrid', 'Tel Aviv', 'Bangalore', 'Singapore',
  'Tokyo', 'Seoul', 'Sydney', 'Melbourne', 'Nairobi', 'Lagos', 'Cape Town', 'Sao Paulo', 'Mexico City', 'Dublin',
  'Helsinki', 'Oslo', 'Warsaw', 'Prague', 'Vienna', 'Montreal', 'Vancouver', 'Chicago', 'Denver', 'Atlanta',
];

// Chinese banks.
export const ZH_SURNAMES = `王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 袁
潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 石 廖 贾 夏 韦 付 方 白 邹 孟 熊 秦 邱 江 尹 薛 闫 段 雷 侯 龙 史 陶 黎 贺 顾 毛 郝 龚 邵 万 钱 严 覃 武 戴 莫 孔 向 汤`
  .split(/\s+/)
  .filter(Boolean);
export const ZH_GIVEN = `伟 娜 强 敏 静 磊 洋 艳 勇 军 杰 涛 超 明 霞 平 刚 桂英 建华 文 华 鑫 宇 浩 晨 欣 怡 佳 婷 雪 琳 子涵 梓轩 思远 雨桐
一鸣 晓东 海燕 建国 志强 俊杰 嘉怡 子墨 若曦 浩然 天佑 晓彤 家豪 诗涵 欣然 明轩 逸飞 雅婷 紫萱 博文 梦瑶 振宇 泽宇 昊天 晓峰
丽娟 春梅 秀兰 国庆 文博 雨萱 思琪 宏伟 德华 立新 永强 晓光 红梅 瑞 航 凯 睿 楠 悦 彤 蕾 峰 斌 辉 健 鹏 翔 琦 萌 玥`
  .split(/\s+/)
  .filter(Boolean);

export const ZH_COMPANY_PREFIXES = `星辰 云图 青禾 墨客 远航 数澜 极光 北辰 天工 深蓝 知行 灵犀 鲸落 光年 磐石 千帆 山海 拾光 松果 竹间
明镜 飞鸿 云杉 赤兔 玄武 朱雀 星河 晴川 望舒 羲和 扶摇 若水 长风 青云 墨池 听澜 观澜 智源 未来 启明`
  .split(/\s+/)
  .filter(Boolean);

export const ZH_INDUSTRIES = [
  { key: 'tech', suffix: '科技', tag: '科技', product: '企业级搜索平台' },
  { key: 'ai', suffix: '智能', tag: '人工智能', product: '多模态大模型应用' },
  { key: 'robot', suffix: '机器人', tag: '机器人', product: '仓储物流机器人' },
  { key: 'bio', suffix: '生物', tag: '生物医药', product: '基因测序服务' },
  { key: 'data', suffix: '数据', tag: '大数据', product: '实时数据分析引擎' },
  { key: 'net', suffix: '网络', tag: '互联网', product: '内容社区与推荐系统' },
  { key: 'med', suffix: '医疗', tag: '医疗健康', product: '远程诊疗平台' },
  { key: 'energy', suffix: '能源', tag: '新能源', product: '储能电池管理系统' },
  { key: 'soft', suffix: '软件', tag: '软件', product: '低代码开发平台' },
];
export const ZH_INVESTOR_SUFFIXES = ['资本', '创投', '基金'];
export const ZH_ROLES = ['首席执行官', '首席技术官', '产品总监', '高级工程师', '研究员', '数据科学家', '设计总监', '销售总监', '运营负责人', '算法工程师'];
export const ZH_INVESTOR_ROLES = ['合伙人', '投资总监', '投资经理'];
export const ZH_CITIES = ['北京', '上海', '深圳', '杭州', '广州', '成都', '南京', '武汉', '苏州', '西安'];
