// Concept topics: real technical vocabulary so keyword and vector search have something meaningful to rank.
// Each entry: title | domain | one-sentence definition | key terms (comma separated).

const RAW = `
Bloom Filter|software|A Bloom filter is a probabilistic set that answers membership queries with possible false positives but never false negatives.|bit array, hash functions, false positive rate, membership test, SSTable lookups, memory budget
Consistent Hashing|software|Consistent hashing maps keys and servers onto a ring so that adding or removing a node only moves a small fraction of the keys.|hash ring, virtual nodes, rebalancing, shard placement, cache cluster, key distribution
Vector Search|software|Vector search finds the items whose embeddings are closest to a query embedding, usually with an approximate nearest neighbour index.|embeddings, cosine similarity, HNSW graph, recall, approximate nearest neighbour, quantization
Inverted Index|software|An inverted index maps each term to the list of documents that contain it, which makes full-text queries fast.|posting list, tokenization, stemming, BM25 scoring, term frequency, stop words
Event Sourcing|software|Event sourcing stores every change to application state as an immutable event and rebuilds current state by replaying the log.|event log, projections, snapshots, idempotent handlers, audit trail, replay
CRDT|software|A conflict-free replicated data type lets replicas accept concurrent edits offline and still converge to the same state without coordination.|merge function, vector clocks, local-first, eventual consistency, tombstones, collaborative editing
Rate Limiting|software|Rate limiting caps how many requests a client may make in a time window to protect a service from overload and abuse.|token bucket, leaky bucket, sliding window, burst capacity, 429 responses, backpressure
Write-Ahead Log|software|A write-ahead log records every change durably before it is applied to the data files, so a crash can be recovered by replaying the log.|fsync, checkpoints, crash recovery, log sequence number, durability, group commit
B-Tree|software|A B-tree is a balanced search tree with wide nodes that keeps sorted data and supports logarithmic lookups with few disk reads.|page splits, fan-out, range scans, leaf nodes, clustered index, disk pages
LSM Tree|software|A log-structured merge tree buffers writes in memory and flushes them to sorted immutable files that are compacted in the background.|memtable, compaction, write amplification, SSTables, read amplification, tombstones
Garbage Collection|software|Garbage collection reclaims memory that a program can no longer reach, trading pause times and throughput against manual memory management.|mark and sweep, generational heap, stop-the-world pauses, reference counting, allocation rate, heap fragmentation
Feature Flags|software|Feature flags let a team ship code dark and turn behaviour on for a subset of users without a new deploy.|progressive rollout, kill switch, flag debt, experimentation, targeting rules, configuration drift
Observability|software|Observability is the ability to explain the internal state of a system from the telemetry it emits: logs, metrics and traces.|distributed tracing, high-cardinality metrics, structured logs, service level objectives, alert fatigue, exemplars
Circuit Breaker|software|A circuit breaker stops calling a failing dependency for a while so that errors do not cascade through a distributed system.|half-open state, failure threshold, fallback, timeouts, cascading failure, retry storms
Retrieval-Augmented Generation|software|Retrieval-augmented generation grounds a language model answer in documents fetched at query time, so answers can cite their sources.|chunking, reranking, context window, citations, hallucination, hybrid retrieval
Reciprocal Rank Fusion|software|Reciprocal rank fusion merges several ranked lists by summing one over rank plus a constant, which needs no score calibration.|rank constant, hybrid search, score normalization, keyword arm, vector arm, result fusion
Tokenization|software|Tokenization splits text into the units a search engine or language model works with, such as words, subwords or characters.|byte pair encoding, word segmentation, unicode normalization, CJK text, vocabulary size, stemming
Embedding Models|software|Embedding models turn text into dense vectors so that semantically similar passages land near each other in vector space.|sentence embeddings, dimensionality, contrastive training, cosine distance, domain shift, mean pooling
Caching Strategies|software|Caching keeps copies of expensive results close to the consumer, and most of the difficulty lies in deciding when a copy is stale.|cache invalidation, time to live, write-through, cache stampede, hit ratio, eviction policy
Idempotency|software|An idempotent operation can be applied many times with the same effect as applying it once, which makes retries safe.|idempotency keys, at-least-once delivery, deduplication, retries, exactly-once illusion, side effects
Backpressure|software|Backpressure is the mechanism by which a slow consumer signals a fast producer to slow down instead of buffering without limit.|bounded queues, flow control, load shedding, reactive streams, buffer bloat, throughput
Graph Databases|software|Graph databases store entities as nodes and relationships as edges, making multi-hop traversal queries cheap to express and run.|property graph, traversal, adjacency list, Cypher, edge types, path queries
Type Systems|software|A type system assigns types to program expressions so that whole classes of errors are rejected before the code runs.|type inference, structural typing, generics, soundness, null safety, gradual typing
Continuous Integration|software|Continuous integration merges and tests every change automatically so that integration problems show up within minutes.|build pipeline, flaky tests, merge queue, test sharding, artifact caching, trunk-based development
Code Review|software|Code review is the practice of having another engineer read a change before it merges, to catch defects and spread knowledge.|review latency, small diffs, reviewer load, nit comments, approval rules, knowledge sharing
Technical Debt|software|Technical debt is the future cost of choosing an expedient solution today, paid back as slower changes and more defects.|refactoring, interest payments, legacy code, architecture erosion, debt register, rewrite risk
Database Indexing|software|Database indexes are auxiliary structures that let queries find rows without scanning the whole table, at the cost of slower writes.|query planner, covering index, selectivity, composite keys, index bloat, sequential scan
Connection Pooling|software|Connection pooling reuses a fixed set of database connections across requests to avoid the cost of opening new ones.|pool size, connection churn, transaction mode, idle timeout, pgbouncer, saturation
Message Queues|software|Message queues decouple producers from consumers by buffering messages durably until a consumer acknowledges them.|acknowledgement, dead letter queue, consumer groups, ordering guarantees, visibility timeout, fan-out
WebAssembly|software|WebAssembly is a portable binary instruction format that lets code compiled from many languages run safely in browsers and other hosts.|linear memory, sandboxing, WASI, compilation target, near-native speed, host bindings
Static Site Generation|software|Static site generation renders pages to plain files at build time, which makes them cheap to host and fast to serve.|build step, incremental builds, content collections, CDN, hydration, markdown pipeline
Property-Based Testing|software|Property-based testing checks that an invariant holds for many generated inputs instead of a few hand-picked examples.|generators, shrinking, invariants, fuzzing, edge cases, counterexamples
Memory Safety|software|Memory safety means a program cannot read or write memory it does not own, ruling out buffer overflows and use-after-free bugs.|ownership, borrow checker, bounds checking, use-after-free, undefined behaviour, sanitizers
Load Balancing|software|Load balancing spreads requests across servers so that no single machine becomes the bottleneck or a single point of failure.|round robin, least connections, health checks, sticky sessions, layer 7 routing, tail latency
Schema Migrations|software|Schema migrations evolve a database structure in small, versioned, reversible steps that run alongside application deploys.|expand and contract, backfill, migration lock, versioning, zero-downtime deploys, rollback
Photosynthesis|science|Photosynthesis converts light energy, water and carbon dioxide into glucose and oxygen inside the chloroplasts of plants and algae.|chlorophyll, light reactions, Calvin cycle, carbon fixation, stomata, ATP synthesis
CRISPR|science|CRISPR-Cas9 is a gene editing system that uses a guide RNA to direct a nuclease to cut DNA at a precise location.|guide RNA, Cas9 nuclease, off-target effects, homology-directed repair, gene knockout, base editing
Protein Folding|science|Protein folding is the process by which a chain of amino acids takes on the three-dimensional structure that determines its function.|amino acids, tertiary structure, chaperones, misfolding, structure prediction, hydrophobic core
Plate Tectonics|science|Plate tectonics describes how the rigid plates of the lithosphere move over the mantle, building mountains and causing earthquakes.|subduction, mid-ocean ridges, continental drift, fault lines, mantle convection, seismic waves
Entropy|science|Entropy measures the number of microscopic arrangements consistent with a macroscopic state, and in an isolated system it never decreases.|second law, microstates, heat engines, information entropy, irreversibility, Boltzmann constant
Bayesian Inference|science|Bayesian inference updates the probability of a hypothesis as evidence arrives, combining a prior belief with the likelihood of the data.|prior, posterior, likelihood, credible interval, conjugate priors, Markov chain Monte Carlo
Statistical Significance|science|A result is statistically significant when it would be unlikely under the null hypothesis, which says nothing about its practical importance.|p-value, null hypothesis, effect size, multiple comparisons, statistical power, confidence interval
Circadian Rhythm|science|The circadian rhythm is the roughly 24-hour internal clock that regulates sleep, hormone release and body temperature.|melatonin, suprachiasmatic nucleus, light exposure, jet lag, chronotype, sleep pressure
Neuroplasticity|science|Neuroplasticity is the brain's ability to reorganise its connections in response to learning, experience and injury.|synaptic pruning, long-term potentiation, critical periods, rehabilitation, myelination, Hebbian learning
Carbon Capture|science|Carbon capture removes carbon dioxide from flue gas or directly from the air and stores it underground or in durable products.|direct air capture, sorbents, sequestration, mineralization, energy penalty, cost per tonne
Lithium-Ion Batteries|science|Lithium-ion batteries store energy by shuttling lithium ions between a graphite anode and a metal oxide cathode.|cathode chemistry, energy density, cycle life, thermal runaway, solid electrolyte, state of charge
Quantum Computing|science|Quantum computers use qubits in superposition and entanglement to solve certain problems faster than classical machines.|qubits, decoherence, error correction, quantum gates, superposition, Shor's algorithm
Microbiome|science|The microbiome is the community of microorganisms living in and on a host, which influences digestion, immunity and mood.|gut bacteria, diversity, probiotics, metagenomics, dysbiosis, short-chain fatty acids
Evolution by Natural Selection|science|Natural selection is the process by which heritable traits that improve survival and reproduction become more common over generations.|fitness, mutation, genetic drift, adaptation, speciation, selective pressure
Climate Feedback Loops|science|Climate feedback loops amplify or dampen warming, such as melting ice reducing reflectivity and releasing more heat into the oceans.|albedo, permafrost thaw, water vapour, tipping points, radiative forcing, ocean heat uptake
Vaccine Immunology|science|Vaccines train the adaptive immune system to recognise a pathogen by presenting a harmless antigen before any real infection.|antibodies, T cells, memory cells, adjuvants, mRNA platform, herd immunity
Signal Processing|science|Signal processing analyses and transforms signals such as sound or sensor readings, often by moving between time and frequency domains.|Fourier transform, sampling rate, aliasing, filters, noise floor, convolution
Dark Matter|science|Dark matter is the unseen mass inferred from galaxy rotation curves and gravitational lensing that does not emit or absorb light.|rotation curves, gravitational lensing, WIMPs, cosmic microwave background, halo, galaxy clusters
Ocean Acidification|science|Ocean acidification is the drop in seawater pH caused by the ocean absorbing carbon dioxide from the atmosphere.|carbonate chemistry, coral reefs, shell formation, pH scale, upwelling, calcifying organisms
Product-Market Fit|business|Product-market fit is the point where a product satisfies a strong market demand, visible as retention and organic word of mouth.|retention curves, early adopters, pull from users, churn, activation, Sean Ellis test
Unit Economics|business|Unit economics compares the revenue and cost of a single customer or transaction to see whether growth makes the business healthier.|customer acquisition cost, lifetime value, contribution margin, payback period, gross margin, cohorts
Pricing Strategy|business|Pricing strategy decides how a product captures the value it creates, through tiers, usage, seats or outcomes.|value metric, willingness to pay, price anchoring, freemium, usage-based pricing, discounting
Venture Capital|business|Venture capital funds invest in young companies in exchange for equity, expecting a few outsized winners to return the whole fund.|term sheet, dilution, pro rata rights, power law, liquidation preference, fund cycle
Cap Table|business|A cap table records who owns what share of a company across founders, employees and investors after each financing round.|option pool, dilution, vesting schedule, SAFE notes, pre-money valuation, secondary sales
Go-to-Market Strategy|business|A go-to-market strategy defines how a company reaches its customers: segment, channel, message and sales motion.|ideal customer profile, sales-led growth, product-led growth, channel partners, positioning, pipeline
Hiring Pipeline|business|A hiring pipeline moves candidates from sourcing to offer through stages that each filter for a specific signal.|structured interviews, scorecards, referral rate, time to hire, offer acceptance, calibration
OKRs|business|Objectives and key results pair a qualitative goal with a few measurable outcomes to align a team over a quarter.|objectives, key results, quarterly planning, stretch goals, alignment, scoring
Customer Discovery|business|Customer discovery is the practice of interviewing potential users to learn about their problems before building a solution.|interview script, problem validation, jobs to be done, assumptions, early evangelists, Mom Test
Churn Analysis|business|Churn analysis studies why customers leave, by cohort and by segment, to find the fixes that protect recurring revenue.|logo churn, net revenue retention, cohort analysis, exit surveys, leading indicators, expansion revenue
Remote Work|business|Remote work replaces shared offices with written communication and deliberate rituals, trading serendipity for focus and reach.|asynchronous communication, time zones, documentation culture, offsites, onboarding, meeting load
Negotiation|business|Negotiation is the process of reaching an agreement between parties with different interests, where preparation matters most.|BATNA, anchoring, interests versus positions, concessions, reservation price, trust
Board Governance|business|Board governance covers how a company's board oversees management, approves major decisions and protects shareholders.|board seats, fiduciary duty, independent directors, board deck, voting rights, committees
Supply Chain Resilience|business|Supply chain resilience is the ability to keep delivering when suppliers, routes or demand change suddenly.|single sourcing, safety stock, nearshoring, lead times, bullwhip effect, visibility
Platform Business Models|business|Platform businesses create value by matching two or more groups of users and grow through network effects.|network effects, two-sided markets, take rate, cold start problem, multi-homing, marketplace liquidity
Zettelkasten|notes|The Zettelkasten method builds knowledge from small atomic notes that each hold one idea and link densely to each other.|atomic notes, permanent notes, literature notes, slip box, note identifiers, emergent structure
Spaced Repetition|notes|Spaced repetition schedules reviews at growing intervals so that material is revisited just before it would be forgotten.|forgetting curve, review intervals, flashcards, active recall, SM-2 algorithm, retention rate
Progressive Summarization|notes|Progressive summarization distils a note in layers, bolding and then highlighting the most useful passages each time it is revisited.|layers, highlights, executive summary, discoverability, compression, resurfacing
PARA Method|notes|The PARA method organises information into projects, areas, resources and archives according to how actionable it is.|projects, areas of responsibility, resources, archives, actionability, weekly review
Evergreen Notes|notes|Evergreen notes are written to evolve and accumulate over time, concept-oriented and densely linked rather than tied to a source.|concept-oriented, dense linking, note titles as claims, incremental writing, associative ontology, refactoring notes
Daily Notes|notes|Daily notes are a dated page per day used as an inbox for thoughts, tasks and links that are processed into permanent notes later.|journaling, inbox, task capture, backlinks, periodic review, templates
Backlinks|notes|Backlinks show every note that links to the current one, turning one-way references into a navigable web of context.|linked mentions, unlinked mentions, graph view, context, bidirectional links, discovery
Knowledge Graph|notes|A personal knowledge graph treats notes as nodes and links as typed edges, so questions can be answered by walking relationships.|entities, typed relations, traversal, ontology, graph queries, link types
Personal Knowledge Management|notes|Personal knowledge management is the set of habits and tools for capturing, organising and reusing what one learns.|capture, organise, distil, express, second brain, information overload
Writing to Think|notes|Writing to think treats drafting as a way to discover what one believes, rather than to record conclusions already reached.|drafts, clarity, argument, revision, morning pages, public writing
Literature Review|notes|A literature review surveys existing work on a question to map what is known, what is disputed and where the gaps are.|citations, synthesis, research gap, annotated bibliography, systematic review, reference manager
Weekly Review|notes|The weekly review is a standing appointment to clear inboxes, review projects and decide what matters for the coming week.|inbox zero, project list, someday maybe, calendar review, reflection, planning
Mind Mapping|notes|Mind mapping lays out ideas radially around a central topic to explore associations visually before structuring them.|central topic, branches, visual thinking, brainstorming, hierarchy, associations
Deliberate Practice|notes|Deliberate practice is focused, effortful training on specific weaknesses with immediate feedback, beyond mere repetition.|feedback loops, skill ceiling, mental representations, coaching, stretch zone, plateaus
Digital Gardening|notes|Digital gardening publishes notes in public at every stage of maturity, tending them over time instead of finishing them.|seedlings, note maturity, public notes, learning in public, epistemic status, tending
`;

export const TOPICS = RAW.trim()
  .split('\n')
  .map((line) => {
    const [title, domain, definition, terms] = line.split('|');
    return { title, domain, definition, terms: terms.split(',').map((t) => t.trim()) };
  });

export const TITLE_PATTERNS = [
  '{T}', 'Notes on {T}', '{T} in practice', '{T} trade-offs', '{T} pitfalls', '{T} at scale', 'Why {T} matters',
  '{T} checklist', 'A mental model for {T}', '{T} vs {U}', '{T} and {U}', 'History of {T}', '{T} FAQ',
  'Explaining {T} to a newcomer', 'Open questions about {T}', '{T} reading list', 'When not to use {T}',
  'Lessons from {T}', '{T} for small teams', 'Measuring {T}', 'Common myths about {T}', '{T} in {D}',
];

export const DOMAIN_WORDS = {
  software: {
    pains: ['tail latency', 'cold starts', 'cache misses', 'lock contention', 'schema drift', 'noisy neighbours', 'flaky tests', 'write amplification', 'memory pressure', 'retry storms'],
    qualities: ['latency', 'throughput', 'simplicity', 'operability', 'consistency', 'availability', 'cost', 'debuggability'],
    contexts: ['a payments service', 'the search backend', 'our mobile app', 'an internal data pipeline', 'a multi-tenant SaaS product', 'the ingestion workers', 'a Postgres-backed API', 'an edge cache'],
    fields: ['distributed systems', 'databases', 'web infrastructure', 'developer tooling'],
  },
  science: {
    pains: ['measurement noise', 'small sample sizes', 'confounding variables', 'replication failures', 'instrument drift', 'selection bias', 'contamination', 'model uncertainty'],
    qualities: ['precision', 'reproducibility', 'sensitivity', 'explanatory power', 'effect size', 'cost per sample'],
    contexts: ['a field study', 'a lab protocol', 'a longitudinal cohort', 'a climate model', 'a bench experiment', 'a review paper', 'a public lecture'],
    fields: ['molecular biology', 'earth science', 'physics', 'neuroscience', 'ecology'],
  },
  business: {
    pains: ['long sales cycles', 'low activation', 'rising acquisition costs', 'founder bottlenecks', 'unclear positioning', 'burn rate', 'slow hiring', 'discount creep'],
    qualities: ['growth', 'margin', 'focus', 'runway', 'retention', 'predictability', 'team morale'],
    contexts: ['a seed-stage startup', 'a board meeting', 'the quarterly plan', 'an enterprise deal', 'a pricing page redesign', 'the fundraising process', 'a hiring sprint'],
    fields: ['startups', 'venture finance', 'sales', 'operations'],
  },
  notes: {
    pains: ['collector\'s fallacy', 'orphan notes', 'inbox overload', 'folder sprawl', 'forgotten highlights', 'tag chaos', 'duplicate notes'],
    qualities: ['findability', 'clarity', 'serendipity', 'low friction', 'durability', 'focus'],
    contexts: ['my Obsidian vault', 'a research project', 'reading notes for a book', 'preparing a talk', 'the weekly review', 'writing an essay'],
    fields: ['personal knowledge management', 'learning science', 'writing'],
  },
};

/** Topics for meetings (English). {C} is replaced by a company or project name. */
export const MEETING_TOPICS = [
  'Roadmap review', 'Board meeting', 'Hiring sync', 'Pricing workshop', 'Customer call with {C}', 'Series A pitch to {C}',
  'Architecture review', 'Quarterly planning', 'Incident retro', 'Design critique', 'Investor update', '1-1 catch-up',
  'Partnership call with {C}', 'Due diligence with {C}', 'Sales pipeline review', 'Security review', 'Offsite planning',
  'Product demo for {C}', 'Onboarding session', 'Budget review', 'Launch go-no-go', 'Research readout', 'Advisor check-in',
  'Data platform sync', 'Fundraising strategy', '{C} quarterly review', 'Hiring debrief', 'Pilot kickoff with {C}',
];

export const PROJECT_NAMES = `Atlas Beacon Compass Dynamo Echo Falcon Granite Harvest Ion Jetstream Kite Lantern Mercury Nova Orchid
Pathfinder Quasar Relay Sextant Tandem Unison Voyager Waypoint Xenon Yield Zodiac Aurora Bastion Catalyst Drumbeat Ember
Fulcrum Gemini Halyard Icarus Juno Keel Lighthouse Monsoon Nebula Outpost Pivot Quarry Ripple Sonar Tempo Umbra Vanguard`
  .split(/\s+/)
  .filter(Boolean);

export const READING_PATTERNS = [
  'Paper - {T}', 'Book notes - {T}', 'Article - {T} explained', 'Talk notes - {T}', 'Podcast - {T} with experts',
  'Highlights - {T}', 'Essay - rethinking {T}', 'Course notes - {T}',
];

/** Things that do not exist as notes but get linked anyway (knowledge holes). */
export const DANGLING_TARGETS = [
  'Series A term sheet', 'Q3 OKRs', 'Hiring plan 2024', 'Competitive landscape', 'Customer interview template',
  'Pricing experiment results', 'Security questionnaire', 'Board deck draft', 'Onboarding checklist', 'Data retention policy',
  'Incident postmortem template', 'Reading queue', 'Conference travel', 'Team charter', 'Launch plan', 'Brand guidelines',
  'Quarterly metrics', 'Vendor comparison', 'Architecture decision records', 'Research backlog',
];
