/**
 * @file Off-topic questions for the learned reranker's training (scripts/rerank/README.md,
 * Calibration): questions no code repository answers, so every candidate is a negative and the
 * model learns an absolute score (relevance), not only an order. Two kinds, seeded: everyday
 * English questions (cooking, weather, sport, travel, gardening, ...) built from templates and
 * topics, and made-up words that no vocabulary holds. The app's and the tests' own probes ("zzqx
 * wibble frobnicate", "weather forecast for tomorrow") are never produced, so they stay unseen.
 * Runs in: Node (tsx).
 */
import { createPrng } from '../../src/core/search/prng.ts';

const OPENERS = ['', 'what is', 'how do I find', 'where can I buy', 'tell me about', 'best', 'how to choose', 'why is', 'recommend', 'cheap', 'when does', 'history of'];

const TOPICS = [
  'a good recipe for banana bread',
  'the rain in the mountains this weekend',
  'tickets for the football final',
  'the tallest mountain in africa',
  'a quiet beach hotel near lisbon',
  'planting tomatoes in early spring',
  'the capital city of australia',
  'a vegetarian lasagna with spinach',
  'the rules of cricket',
  'training a puppy to sit',
  'the best season to visit japan',
  'chocolate cake without eggs',
  'running shoes for a marathon',
  'the life of napoleon bonaparte',
  'a birthday present for my grandmother',
  'knitting a wool scarf',
  'the symptoms of a common cold',
  'snow on the alps in january',
  'a cheap flight to new york',
  'the lyrics of a famous love song',
  'growing roses in a small garden',
  'the painter of the mona lisa',
  'a picnic by the lake',
  'how bees make honey',
  'the distance from the earth to the moon',
  'learning to play the violin',
  'a camping trip in the forest',
  'baking sourdough at home',
  'the winner of the tennis tournament',
  'yoga exercises for the back',
  'the migration of birds in autumn',
  'a wedding dress in ivory silk',
  'fishing for trout in a river',
  'the ancient pyramids of egypt',
  'a soup with pumpkin and ginger',
  'sunny days on the greek islands',
  'feeding a goldfish',
  'the plot of a mystery novel',
  'wine from the south of france',
  'a hiking trail along the coast',
  'the dinosaurs of the jurassic',
  'coffee beans from colombia',
  'the olympic swimming champion',
  'a thunderstorm over the sea',
  'decorating a christmas tree',
  'the volcano on the island of iceland',
  'a horse riding lesson for children',
  'pancakes with maple syrup',
  'the orchestra playing a symphony tonight',
  'a sunflower field in summer',
];

const SYLLABLES = ['zo', 'qua', 'bli', 'vex', 'mur', 'tal', 'prin', 'gu', 'dro', 'sne', 'wib', 'fal', 'yor', 'kib', 'ul', 'thra', 'ple', 'nox', 'gry', 'ast'];

/** Never produced: the probes the app's tests ask. */
const RESERVED = new Set(['zzqx wibble frobnicate', 'weather forecast for tomorrow']);

function madeUpWord(random: () => number): string {
  const n = 2 + Math.floor(random() * 2);
  let word = '';
  for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return word;
}

/** `count` distinct off-topic questions, about three in four in English, the rest made-up words. */
export function offTopicQuestions(count: number, seed: number): string[] {
  const random = createPrng(seed);
  const out = new Set<string>();
  for (let guard = 0; out.size < count && guard < count * 50; guard++) {
    let question: string;
    if (random() < 0.75) {
      const opener = OPENERS[Math.floor(random() * OPENERS.length)];
      const topic = TOPICS[Math.floor(random() * TOPICS.length)];
      question = opener ? `${opener} ${topic}` : topic;
    } else {
      const words = 2 + Math.floor(random() * 3);
      question = Array.from({ length: words }, () => madeUpWord(random)).join(' ');
    }
    if (!RESERVED.has(question)) out.add(question);
  }
  return [...out];
}
