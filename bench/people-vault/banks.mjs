// Content banks for the people/companies/meetings vault (bench/people-vault.mjs). Invented names and events; any
// resemblance to a real person, company or conference is accidental. Each fact has several ways of being written,
// as in notes kept by a person over years: the same role or skill is put differently on different pages.

export const CITIES = [
  'Boston', 'Lisbon', 'Austin', 'Berlin', 'Toronto', 'Singapore', 'Nairobi', 'Melbourne', 'Denver', 'Dublin', 'Seoul',
  'Pittsburgh', 'Copenhagen', 'Bangalore', 'Seattle', 'Amsterdam', 'Zurich', 'Montreal', 'Lagos', 'Tel Aviv', 'Osaka',
  'Edinburgh', 'Mexico City', 'Oslo', 'Chicago', 'Madrid', 'Vancouver', 'Stockholm', 'Atlanta', 'Helsinki',
];

/**
 * Roles. `title` goes into frontmatter (when the page has a `role:` field); `say(name, company)` are ways the
 * body states it. Investor-like roles work at a fund; the rest at an operating company.
 */
export const ROLES = [
  { key: 'security-advisor', title: 'Security Advisor', fund: false, say: [
    (n, c) => `${n} advises [[${c}]] and a handful of other companies on security, mostly as a paid advisor`,
    (n, c) => `${n} is an independent security advisor; [[${c}]] is the biggest client`,
    (n, c) => `${n} sits on the security advisory board of [[${c}]] and consults on the side`,
  ] },
  { key: 'ciso', title: 'CISO', fund: false, say: [
    (n, c) => `${n} is the CISO at [[${c}]]`,
    (n, c) => `${n} runs information security for [[${c}]], reporting to the CEO`,
    (n, c) => `${n} heads up the security team at [[${c}]] (about a dozen people)`,
  ] },
  { key: 'ceo', title: 'CEO', fund: false, say: [
    (n, c) => `${n} is the CEO of [[${c}]]`,
    (n, c) => `${n} runs [[${c}]] as chief executive`,
    (n, c) => `${n} co-founded [[${c}]] and has been running it ever since`,
  ] },
  { key: 'cto', title: 'CTO', fund: false, say: [
    (n, c) => `${n} is CTO at [[${c}]]`,
    (n, c) => `${n} leads technology at [[${c}]] as chief technology officer`,
    (n, c) => `${n} owns the technical side of [[${c}]]: architecture, platform, hiring the senior engineers`,
  ] },
  { key: 'vp-eng', title: 'VP of Engineering', fund: false, say: [
    (n, c) => `${n} is VP of Engineering at [[${c}]]`,
    (n, c) => `${n} runs the engineering org at [[${c}]], around eighty engineers`,
    (n, c) => `${n} manages the engineering managers at [[${c}]]`,
  ] },
  { key: 'pm', title: 'Product Manager', fund: false, say: [
    (n, c) => `${n} is a product manager at [[${c}]]`,
    (n, c) => `${n} owns the roadmap for one of the product lines at [[${c}]]`,
    (n, c) => `${n} does product at [[${c}]], writing specs and talking to customers`,
  ] },
  { key: 'designer', title: 'Product Designer', fund: false, say: [
    (n, c) => `${n} is a product designer at [[${c}]]`,
    (n, c) => `${n} does UX and interaction design for [[${c}]]`,
    (n, c) => `${n} leads design at [[${c}]], a team of three`,
  ] },
  { key: 'data-scientist', title: 'Data Scientist', fund: false, say: [
    (n, c) => `${n} is a data scientist at [[${c}]]`,
    (n, c) => `${n} does the statistics and experimentation work at [[${c}]]`,
    (n, c) => `${n} builds models and dashboards for the analytics team at [[${c}]]`,
  ] },
  { key: 'ml-eng', title: 'Machine Learning Engineer', fund: false, say: [
    (n, c) => `${n} is a machine learning engineer at [[${c}]]`,
    (n, c) => `${n} trains and ships the ML models at [[${c}]]`,
    (n, c) => `${n} works on model training and serving infrastructure at [[${c}]]`,
  ] },
  { key: 'vc-partner', title: 'Partner', fund: true, say: [
    (n, c) => `${n} is a partner at [[${c}]]`,
    (n, c) => `${n} invests for [[${c}]], mostly Series A`,
    (n, c) => `${n} is one of the general partners at [[${c}]] and sits on several boards`,
  ] },
  { key: 'angel', title: 'Angel Investor', fund: true, say: [
    (n, c) => `${n} writes small angel cheques, often alongside [[${c}]]`,
    (n, c) => `${n} invests personal money in pre-seed rounds and scouts for [[${c}]]`,
    (n, c) => `${n} is an angel investor and a scout for [[${c}]]`,
  ] },
  { key: 'gc', title: 'General Counsel', fund: false, say: [
    (n, c) => `${n} is general counsel at [[${c}]]`,
    (n, c) => `${n} handles everything legal at [[${c}]]: contracts, employment, the odd lawsuit`,
    (n, c) => `${n} is the in-house lawyer at [[${c}]]`,
  ] },
  { key: 'recruiter', title: 'Technical Recruiter', fund: false, say: [
    (n, c) => `${n} is a technical recruiter at [[${c}]]`,
    (n, c) => `${n} runs engineering hiring at [[${c}]]`,
    (n, c) => `${n} sources and closes engineering candidates for [[${c}]]`,
  ] },
  { key: 'sales', title: 'Head of Sales', fund: false, say: [
    (n, c) => `${n} is head of sales at [[${c}]]`,
    (n, c) => `${n} runs the sales team at [[${c}]], mostly enterprise deals`,
    (n, c) => `${n} sells [[${c}]]'s product into large accounts and owns the revenue number`,
  ] },
  { key: 'devrel', title: 'Developer Advocate', fund: false, say: [
    (n, c) => `${n} is a developer advocate at [[${c}]]`,
    (n, c) => `${n} does developer relations for [[${c}]]: talks, sample apps, docs`,
    (n, c) => `${n} is the DevRel person at [[${c}]]`,
  ] },
  { key: 'cfo', title: 'CFO', fund: false, say: [
    (n, c) => `${n} is CFO at [[${c}]]`,
    (n, c) => `${n} runs finance at [[${c}]] and owns the board deck`,
    (n, c) => `${n} is the finance chief at [[${c}]]`,
  ] },
  { key: 'sre', title: 'Site Reliability Engineer', fund: false, say: [
    (n, c) => `${n} is an SRE at [[${c}]]`,
    (n, c) => `${n} keeps production running at [[${c}]] and owns the on-call rotation`,
    (n, c) => `${n} does site reliability engineering at [[${c}]]`,
  ] },
  { key: 'researcher', title: 'Research Scientist', fund: false, say: [
    (n, c) => `${n} is a research scientist at [[${c}]]`,
    (n, c) => `${n} does applied research at [[${c}]] and still publishes papers`,
    (n, c) => `${n} runs a small research group inside [[${c}]]`,
  ] },
  { key: 'ops', title: 'Head of Operations', fund: false, say: [
    (n, c) => `${n} is head of operations at [[${c}]]`,
    (n, c) => `${n} runs ops at [[${c}]]: facilities, vendors, the supply side`,
    (n, c) => `${n} is the COO-in-all-but-name at [[${c}]]`,
  ] },
  { key: 'marketing', title: 'Head of Marketing', fund: false, say: [
    (n, c) => `${n} is head of marketing at [[${c}]]`,
    (n, c) => `${n} runs marketing and brand at [[${c}]]`,
    (n, c) => `${n} owns demand generation and the website at [[${c}]]`,
  ] },
];

/** Areas of expertise, each written several ways. */
export const EXPERTISE = [
  { key: 'enterprise-security', say: ['enterprise security architecture', 'designing zero-trust networks for big companies', 'security architecture reviews for banks and insurers'] },
  { key: 'incident-response', say: ['incident response', 'running the response when a company gets breached', 'breach forensics and post-incident reviews'] },
  { key: 'pentest', say: ['penetration testing', 'red-teaming web applications', 'breaking into systems (legally) to find holes'] },
  { key: 'kubernetes-cost', say: ['cutting Kubernetes costs', 'cloud cost optimisation on Kubernetes', 'right-sizing clusters and FinOps'] },
  { key: 'observability', say: ['observability', 'tracing and metrics pipelines', 'OpenTelemetry rollouts'] },
  { key: 'postgres', say: ['Postgres performance tuning', 'database migrations without downtime', 'scaling PostgreSQL'] },
  { key: 'data-warehouse', say: ['data warehousing', 'building the analytics stack with dbt and Snowflake', 'modern data stack work'] },
  { key: 'streaming', say: ['stream processing with Kafka', 'real-time event pipelines', 'Kafka and Flink'] },
  { key: 'recsys', say: ['recommendation systems', 'ranking and personalisation models', 'building recommenders for marketplaces'] },
  { key: 'llm-eval', say: ['evaluating language models', 'LLM evals and red-teaming prompts', 'benchmarking chat models'] },
  { key: 'computer-vision', say: ['computer vision for retail shelves', 'image recognition on store cameras', 'vision models for inventory counting'] },
  { key: 'fraud', say: ['fraud detection', 'catching payment fraud with graph features', 'chargeback and fraud risk models'] },
  { key: 'payments-compliance', say: ['payments compliance', 'PCI and money-transmitter licensing', 'KYC and AML programs'] },
  { key: 'pricing', say: ['pricing strategy', 'usage-based pricing and packaging', 'how to price a SaaS product'] },
  { key: 'enterprise-sales', say: ['enterprise sales', 'closing six-figure contracts with procurement teams', 'selling to Fortune 500 buyers'] },
  { key: 'plg', say: ['product-led growth', 'self-serve onboarding and activation', 'freemium funnels'] },
  { key: 'hiring', say: ['hiring engineers', 'building a technical interview loop', 'recruiting senior engineers in a tight market'] },
  { key: 'remote-culture', say: ['remote team culture', 'running a fully distributed company', 'async communication across time zones'] },
  { key: 'board', say: ['board management', 'preparing board meetings and investor updates', 'working with a board as a first-time CEO'] },
  { key: 'fundraising', say: ['fundraising', 'raising a Series A', 'pitching investors and running a round'] },
  { key: 'carbon-accounting', say: ['carbon accounting', 'measuring scope 3 emissions for manufacturers', 'emissions reporting for factories'] },
  { key: 'heat-pumps', say: ['heat pumps', 'retrofitting apartment buildings with heat pumps', 'building electrification'] },
  { key: 'batteries', say: ['battery chemistry', 'solid-state battery cells', 'cathode materials and cell testing'] },
  { key: 'grid', say: ['grid-scale storage', 'selling power back to the grid', 'energy trading and grid interconnection'] },
  { key: 'hipaa', say: ['HIPAA compliance', 'handling patient data in software', 'health data privacy rules'] },
  { key: 'clinical-trials', say: ['clinical trial software', 'running decentralised clinical trials', 'trial recruitment and eConsent'] },
  { key: 'medical-imaging', say: ['medical imaging AI', 'reading radiology scans with models', 'FDA clearance for imaging software'] },
  { key: 'gdpr', say: ['GDPR', 'European privacy law for startups', 'data processing agreements and DPIAs'] },
  { key: 'term-sheets', say: ['term sheets', 'negotiating venture financing terms', 'liquidation preferences and cap tables'] },
  { key: 'design-systems', say: ['design systems', 'component libraries shared between design and code', 'keeping UI consistent across products'] },
  { key: 'accessibility', say: ['accessibility', 'making apps usable with screen readers', 'WCAG audits'] },
  { key: 'user-research', say: ['user research', 'customer interviews and usability testing', 'running discovery research'] },
  { key: 'supply-chain', say: ['hardware supply chains', 'sourcing components from contract manufacturers', 'getting electronics made in Shenzhen'] },
  { key: 'robot-fleets', say: ['warehouse robotics', 'running fleets of picking robots', 'autonomous mobile robots in warehouses'] },
  { key: 'logistics-routing', say: ['last-mile delivery routing', 'route optimisation for couriers', 'delivery logistics'] },
  { key: 'devtools', say: ['developer tooling', 'internal developer platforms', 'CI pipelines and build speed'] },
  { key: 'search', say: ['search relevance', 'ranking for site search', 'BM25 and hybrid retrieval'] },
  { key: 'mobile', say: ['mobile apps', 'shipping iOS and Android apps', 'React Native at scale'] },
  { key: 'edtech', say: ['adaptive learning', 'tutoring software for kids', 'learning science in product design'] },
  { key: 'crypto-custody', say: ['digital asset custody', 'key management for crypto exchanges', 'hardware security modules'] },
];

/** Background lines: one per person at most, each rare enough to pick a person out. */
export const BACKGROUNDS = [
  'used to play cello professionally before switching to software',
  'spent six years as a submarine officer in the navy',
  'was a high-school chemistry teacher for a decade',
  'started out as a paramedic in a rural county',
  'trained as an architect and still sketches buildings on napkins',
  'worked as a sommelier in a two-star restaurant',
  'was an investment banker at a big bank and hated it',
  'grew up on a sheep farm and still talks about shearing season',
  'did a PhD in marine biology, studying octopus cognition',
  'was a professional poker player for three years',
  'used to be a journalist covering city hall',
  'ran a bakery before the first startup',
  'was a ranked chess player as a teenager',
  'flew cargo planes as a commercial pilot',
  'studied classical Arabic and translated poetry',
  'worked in a particle physics lab at a national lab',
  'was an Olympic-level rower in college',
  'drove for a rideshare company while bootstrapping',
  'spent two years on a research station in Antarctica',
  'was a public defender before moving into tech',
  'toured with a punk band as the drummer',
  'built furniture as a carpenter for years',
  'was a nurse in an intensive care unit',
  'worked as a game designer on a hit mobile game',
  'was a park ranger in a national park',
  'ran logistics for a humanitarian agency in refugee camps',
  'trained as a pastry chef in Lyon',
  'worked in air traffic control',
  'was a competitive figure skater',
  'did stand-up comedy at open mics for years',
];

/** Hobbies and personal notes: common words everywhere, as real notes are full of them. */
export const PERSONAL = [
  'Has two kids and coaches their football team on weekends.',
  'Vegetarian; do not book a steakhouse.',
  'Runs marathons, usually one in the spring.',
  'Big into bouldering, climbs three times a week.',
  'Reads a lot of science fiction, recommended some good books.',
  'Allergic to shellfish.',
  'Prefers calls in the morning, hates late meetings.',
  'Has a dog called Biscuit that shows up on every video call.',
  'Keeps bees on the roof of the apartment.',
  'Plays in a weekend five-a-side league.',
  'Learning Japanese, very slowly.',
  'Does not drink coffee, only tea.',
  'Cycles to work all year round.',
  'Collects vinyl records, mostly jazz.',
  'Big fan of board games; hosts a game night once a month.',
  'Recently had a baby, on reduced hours.',
  'Sails on weekends in the summer.',
  'Writes a small newsletter about books.',
];

/**
 * Rare events for timelines. `text(ctx)` is how the timeline line reads; every event is used by one person at
 * most, so the rare name in it picks that person out.
 */
export const CONFERENCES = ['Hexacon', 'Riverbend Summit', 'KubeHarbor', 'PyNorth', 'DataDuck Days', 'Ledgerfest', 'Vantage Point Forum', 'Saltmarsh Security Conference', 'Tidepool Dev Days', 'Mapleleaf ML', 'GreenGrid Expo', 'Cinderblock Design Week'];
export const TALK_TOPICS = ['supply-chain attacks on package registries', 'why dashboards lie', 'paying down migration debt', 'the cost of a flaky test', 'pricing experiments that failed', 'grid batteries in cold climates', 'evaluating chatbots without vibes', 'on-call without burnout', 'shelf-scanning robots', 'privacy by default in health apps', 'scope 3 for the rest of us', 'recommenders for small catalogues', 'accessible charts', 'fraud rings in buy-now-pay-later', 'zero-downtime Postgres upgrades', 'hiring your first ten engineers'];
export const CODENAMES = ['Nightjar', 'Bluewater', 'Copperhead', 'Kingfisher', 'Sandglass', 'Longbow', 'Pelican', 'Marrow', 'Icebreaker', 'Tamarind', 'Foxtrot Orchard', 'Glasshouse', 'Ferrous', 'Moonwell', 'Stonechat', 'Quillon'];
export const PRIZES = ['Ada Lovelace Fellowship', 'Harrow Prize for open-source tooling', 'Golden Ledger award', 'Whitfield Teaching Award', 'Northern Lights Founder Award', 'Clearwater Climate Grant'];
export const ESSAYS = ['The Quiet Ledger', 'Against Roadmaps', 'Tuesday Deploys', 'The Last Mile Is the First Mile', 'Small Data', 'Why We Stopped Estimating', 'Boring Security', 'A Field Guide to Postmortems'];
export const RACES = ['the Kona Ironman', 'the Marathon des Sables', 'the Fastnet sailing race', 'the Transcontinental bike race', 'a crossing of the English Channel (swimming)', 'the Leadville 100'];
export const NONPROFITS = ['Code for Lagos', 'the Open Harbour Foundation', 'Girls Who Solder', 'the Rural Broadband Trust', 'Bookshelf for Every Kid', 'the Seed Library Project'];
export const BODIES = ['the state senate committee on data brokers', 'the EU parliament hearing on AI liability', 'the city council on e-scooter rules', 'the federal trade commission workshop on dark patterns'];
export const SMALL_STARTUPS = ['Pebblepost', 'Loomwise', 'Tallyho Labs', 'Gristmill', 'Brightkey', 'Cartwheel AI', 'Fernhill Data', 'Owlet Metrics', 'Snapline', 'Kettle & Co', 'Paperboat', 'Dunlin Systems'];
export const PRODUCT_LAUNCHES = ['Tern 2.0', 'Atlas Mobile', 'Beacon Insights', 'Project Lighthouse', 'Halyard API', 'Sprout for Teams', 'Quarry Search', 'Mosaic Dashboards', 'Lantern SDK', 'Ridgeback Scanner'];
export const CUSTOMERS = ['a national rail operator', 'the second-largest grocery chain in the country', 'a top-ten US hospital network', 'a Nordic pension fund', 'the city of Rotterdam', 'a Formula 1 team', 'a major airline', 'a state lottery'];

/** Companies: industry, name suffixes, what they make (several ways), and tags. */
export const INDUSTRIES = [
  { key: 'security', suffixes: ['Security', 'Shield'], tag: 'security', products: [['endpoint detection for hospitals', 'catching malware on hospital laptops and medical devices'], ['secrets scanning for CI pipelines', 'finding leaked API keys in build logs'], ['zero-trust network access', 'replacing the corporate VPN with per-app access']] },
  { key: 'data', suffixes: ['Analytics', 'Data'], tag: 'data', products: [['a columnar analytics database', 'a fast database for analytical queries'], ['data quality monitoring', 'alerts when a pipeline ships bad rows'], ['product analytics for mobile apps', 'funnels and retention charts for app teams']] },
  { key: 'ai', suffixes: ['AI', 'Labs'], tag: 'ai', products: [['contract review with language models', 'reading legal contracts with AI'], ['an evaluation platform for chatbots', 'testing LLM apps before they ship'], ['shelf-scanning vision for supermarkets', 'cameras that count stock on store shelves']] },
  { key: 'health', suffixes: ['Health', 'Care'], tag: 'health', products: [['remote monitoring for heart patients', 'wearables that send heart data to cardiologists'], ['scheduling software for clinics', 'booking and rota software for small clinics'], ['decentralised clinical trials', 'running drug trials from patients\' homes']] },
  { key: 'energy', suffixes: ['Energy', 'Grid'], tag: 'climate', products: [['grid-scale batteries', 'big battery parks that sell power back to the grid'], ['heat pump retrofits for apartment blocks', 'replacing gas boilers in old apartment buildings'], ['carbon accounting software', 'measuring the emissions of factories and suppliers']] },
  { key: 'logistics', suffixes: ['Logistics', 'Freight'], tag: 'logistics', products: [['last-mile routing for couriers', 'planning delivery routes for bike couriers'], ['cold-chain sensors', 'temperature trackers for vaccine and food shipments'], ['freight matching for small trucking firms', 'a marketplace that fills empty trucks']] },
  { key: 'payments', suffixes: ['Pay', 'Financial'], tag: 'fintech', products: [['cross-border payouts for freelancers', 'paying contractors in other countries'], ['fraud scoring for online shops', 'an API that flags risky card payments'], ['usage-based billing', 'metering and invoicing for API companies']] },
  { key: 'robotics', suffixes: ['Robotics', 'Automation'], tag: 'robotics', products: [['warehouse picking robots', 'robot arms that pick orders in warehouses'], ['robotic lawn mowers for golf courses', 'autonomous mowers for large lawns'], ['inspection drones for wind turbines', 'drones that check turbine blades for cracks']] },
  { key: 'devtools', suffixes: ['Software', 'Systems'], tag: 'devtools', products: [['feature flags', 'turning features on and off without deploying'], ['a continuous profiler', 'always-on CPU profiling in production'], ['an internal developer portal', 'a catalogue of every service and who owns it']] },
  { key: 'edtech', suffixes: ['Learning', 'Academy'], tag: 'edtech', products: [['adaptive maths tutoring', 'a tutor app that adjusts maths exercises to each child'], ['language learning by voice', 'practising a new language by talking to an app'], ['coding bootcamps online', 'teaching adults to code in twelve weeks']] },
  { key: 'materials', suffixes: ['Materials', 'Foundry'], tag: 'hardware', products: [['solid-state battery cathodes', 'cathode powder for solid-state batteries'], ['low-carbon cement', 'cement additives that cut CO2'], ['recycled carbon fibre', 'reusing carbon fibre from old aircraft parts']] },
];
export const COMPANY_PREFIXES = ['Northwind', 'Bluefin', 'Cedar', 'Helix', 'Lumen', 'Orbit', 'Quanta', 'Redwood', 'Tidal', 'Vertex', 'Aster', 'Borealis', 'Cobalt', 'Copperleaf', 'Driftwood', 'Ember', 'Fathom', 'Fieldstone', 'Glacier', 'Halcyon', 'Ironbark', 'Juniper', 'Kestrel', 'Lattice', 'Lodestar', 'Marigold', 'Meridian', 'Nimbus', 'Oakridge', 'Prism', 'Quill', 'Ridgeline', 'Saffron', 'Skylark', 'Solstice', 'Stillwater', 'Tamarack', 'Trellis', 'Umber', 'Verdant', 'Wayfarer', 'Willow', 'Zephyr', 'Alder', 'Bramble', 'Corvid', 'Dovetail', 'Foxglove', 'Heron', 'Larkspur', 'Mistral', 'Sundial', 'Vireo', 'Yarrow', 'Basalt', 'Cirrus', 'Estuary', 'Gossamer', 'Mosaic', 'Tundra'];
export const FUND_SUFFIXES = ['Ventures', 'Capital', 'Partners'];

/** Meeting kinds: title words, and what gets discussed (with a rare detail slot). */
export const MEETING_KINDS = [
  { key: 'pricing', title: 'pricing review', agenda: ['new price tiers', 'discount policy for annual plans', 'whether to drop the free plan'] },
  { key: 'board', title: 'board meeting', agenda: ['quarterly numbers', 'runway and burn', 'the hiring plan for next year'] },
  { key: 'security', title: 'security review', agenda: ['the last pen test findings', 'SSO for all internal tools', 'who has production access'] },
  { key: 'pipeline', title: 'sales pipeline sync', agenda: ['deals slipping to next quarter', 'the procurement questionnaire', 'a pilot that stalled'] },
  { key: 'intro', title: 'intro call', agenda: ['what each side is working on', 'possible partnership', 'who else to talk to'] },
  { key: 'postmortem', title: 'incident postmortem', agenda: ['timeline of the outage', 'what paged and what did not', 'follow-up actions'] },
  { key: 'hiring', title: 'hiring debrief', agenda: ['the candidate loop', 'the offer', 'references'] },
  { key: 'roadmap', title: 'roadmap planning', agenda: ['next quarter priorities', 'what to cut', 'dependencies on other teams'] },
  { key: 'investor', title: 'investor update call', agenda: ['the round', 'valuation expectations', 'intros to other funds'] },
  { key: 'customer', title: 'customer check-in', agenda: ['renewal', 'feature requests', 'support tickets'] },
];
/** Decisions recorded in meetings: rare, specific, each used once. */
export const DECISIONS = [
  'agreed to sunset the Classic plan by the end of the year',
  'decided to move the whole fleet from Ubuntu to Debian',
  'approved a pilot with the Porto warehouse',
  'picked the Kiwi Bay offsite for the team retreat',
  'decided to rewrite the billing service in Go',
  'agreed to open a small office in Nairobi',
  'chose to delay the Japanese launch to spring',
  'agreed to stop supporting Internet Explorer',
  'decided to hire a fractional CFO instead of a full-time one',
  'approved the bug bounty program with a 20k cap',
  'dropped the partnership with the Delft printing shop',
  'agreed on a four-day work week trial for the summer',
  'switched the data warehouse from Redshift to BigQuery',
  'decided to put the mobile app in maintenance mode',
  'agreed to rotate every API key after the leaked token',
  'chose the Tallinn contractor for the mobile rewrite',
  'decided to sponsor the local hackathon in Valencia',
  'killed the hardware dongle project',
  'agreed to raise prices eight percent for new customers only',
  'approved moving support to a follow-the-sun rota',
  'decided to buy instead of build the status page',
  'agreed to publish salary bands internally',
  'chose Frankfurt as the EU data region',
  'decided to pause outbound sales in Latin America',
];

/** Working notes: the everyday sentences real contact notes are full of (common words, no facts). */
export const WORK_NOTES = [
  'Last time we talked the team was behind on the roadmap and looking to hire.',
  'Very direct in meetings; send an agenda ahead of time.',
  'Said the product is finally getting traction with bigger customers.',
  'Worried about burn and wants to get to profitability next year.',
  'Introduced me to two people on the platform team, both helpful.',
  'Offered to review our architecture doc when it is ready.',
  'Thinks most companies overcomplicate their planning process.',
  'Helped us with a tricky customer escalation last quarter.',
  'Tends to reply late at night; do not read anything into slow answers.',
  'Wants to stay in touch about a possible partnership later this year.',
  'Has strong opinions on tooling and is happy to argue about them over coffee.',
  'Mentioned they might be open to a new role if the right thing came up.',
  'Always asks about our numbers; bring the latest metrics.',
  'We disagree on remote work but get along fine.',
  'Good at explaining complicated things simply.',
];
