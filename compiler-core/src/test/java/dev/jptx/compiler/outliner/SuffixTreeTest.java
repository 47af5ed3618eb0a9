package dev.jptx.compiler.outliner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The suffix tree's repeats: hand-checked strings, the two leaf modes, illegal symbols, a
 * brute-force oracle on random strings, and strings of a million symbols.
 */
class SuffixTreeTest {
  private static final long SEED_BASE = 0x5EED_0023L;
  private static final int SEEDS = 400;

  @Test
  void banana_repeatsAreItsBranchingSubstrings() {
    // b a n a n a: "ana" and "na" end at the string's end once, so they branch; "an" does not
    SuffixTree tree = new SuffixTree(new int[] {1, 2, 3, 2, 3, 2});
    assertEquals(List.of(rs(3, 1, 3), rs(2, 2, 4)), tree.repeatedSubstrings(2));
    assertEquals(List.of(rs(3, 1, 3), rs(2, 2, 4), rs(1, 1, 3, 5)), tree.repeatedSubstrings(1));
  }

  @Test
  void illegalSeparators_giveRepeatsOnEachSide() {
    int[] s = {1, 2, 3, -3, 1, 2, 3, -4, 1, 2};
    SuffixTree tree = new SuffixTree(s);
    assertEquals(
        List.of(rs(3, 0, 4), rs(2, 0, 4, 8), rs(2, 1, 5)), tree.repeatedSubstrings(2, true));
  }

  @Test
  void leafChildrenOnly_dropsOccurrencesALongerRepeatCovers() {
    // "1 2" hangs "1 2 3" (starts 0 and 4) and one leaf (8) off its node: one leaf is not a repeat
    SuffixTree tree = new SuffixTree(new int[] {1, 2, 3, -3, 1, 2, 3, -4, 1, 2});
    assertEquals(List.of(rs(3, 0, 4), rs(2, 1, 5)), tree.repeatedSubstrings(2, false));

    SuffixTree ones = new SuffixTree(new int[] {1, 1, 1, 1});
    assertEquals(List.of(rs(3, 0, 1), rs(2, 0, 1, 2)), ones.repeatedSubstrings(2, true));
    assertEquals(List.of(rs(3, 0, 1)), ones.repeatedSubstrings(2, false));

    SuffixTree banana = new SuffixTree(new int[] {1, 2, 3, 2, 3, 2});
    assertEquals(List.of(rs(3, 1, 3), rs(2, 2, 4)), banana.repeatedSubstrings(1, false));
  }

  @Test
  void illegalSymbol_splitsARepeat() {
    assertEquals(
        List.of(rs(3, 0, 3), rs(2, 1, 4)),
        new SuffixTree(new int[] {1, 2, 3, 1, 2, 3}).repeatedSubstrings(2));
    // the -3 stands where a 3 could have made "1 2 3" repeat
    assertEquals(
        List.of(rs(2, 0, 4)),
        new SuffixTree(new int[] {1, 2, -3, 3, 1, 2, 3}).repeatedSubstrings(2));
    // illegal symbols everywhere: nothing repeats, not even one symbol
    assertEquals(List.of(), new SuffixTree(new int[] {-3, -4, -5, -6}).repeatedSubstrings(1));
  }

  @Test
  void callersTerminator_changesNothing() {
    assertEquals(
        new SuffixTree(new int[] {7, 8, 7, 8}).repeatedSubstrings(1),
        new SuffixTree(new int[] {7, 8, 7, 8, -9}).repeatedSubstrings(1));
    assertEquals(
        List.of(rs(2, 0, 2)), new SuffixTree(new int[] {7, 8, 7, 8}).repeatedSubstrings(2));
  }

  @Test
  void shortStrings_haveNoRepeats() {
    assertEquals(List.of(), new SuffixTree(new int[0]).repeatedSubstrings(1));
    assertEquals(List.of(), new SuffixTree(new int[] {4}).repeatedSubstrings(1));
    assertEquals(List.of(rs(1, 0, 1)), new SuffixTree(new int[] {4, 4}).repeatedSubstrings(1));
  }

  @Test
  void repeatedIllegalSymbol_isRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new SuffixTree(new int[] {1, -3, 2, -3}));
    assertEquals("illegal symbol -3 occurs twice, at 1 and 3", e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new SuffixTree(new int[] {1, Integer.MIN_VALUE}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new SuffixTree(new int[] {1, 1}).repeatedSubstrings(0));
  }

  @Test
  void answers_areImmutableAndRepeatable() {
    int[] s = randomString(new Random(SEED_BASE), 60, 3);
    List<RepeatedSubstring> first = new SuffixTree(s).repeatedSubstrings(2);
    assertEquals(first, new SuffixTree(s).repeatedSubstrings(2));
    assertThrows(UnsupportedOperationException.class, () -> first.get(0).starts().set(0, 1));
  }

  @Test
  void randomStrings_matchBruteForce() {
    int[] alphabets = {1, 2, 3, 4, 40};
    int answers = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      Random random = new Random(SEED_BASE + seed);
      int alphabet = alphabets[random.nextInt(alphabets.length)];
      int[] s = randomString(random, random.nextInt(61), alphabet);
      int minLength = 1 + random.nextInt(3);
      SuffixTree tree = new SuffixTree(s);
      String where = "seed " + seed + ", " + Arrays.toString(s) + ", minLength " + minLength;
      for (boolean descendants : new boolean[] {true, false}) {
        List<RepeatedSubstring> got = tree.repeatedSubstrings(minLength, descendants);
        assertEquals(bruteForce(s, minLength, descendants), got, where + ", " + descendants);
        answers += got.size();
        for (RepeatedSubstring r : got) {
          assertStartsMatch(s, r, where);
        }
      }
    }
    // the strings are short, but most should repeat something
    assertTrue(answers > 2 * SEEDS, answers + " answers");
  }

  @Test
  void millionSymbolBlocks_repeatEveryBlockSuffix() {
    // 111,112 basic blocks of the same eight instructions, each closed by its own illegal one
    int blocks = 111_112;
    int[] s = new int[blocks * 9];
    for (int b = 0; b < blocks; b++) {
      for (int k = 0; k < 8; k++) {
        s[9 * b + k] = k;
      }
      s[9 * b + 8] = -3 - b;
    }
    List<RepeatedSubstring> got =
        assertTimeout(Duration.ofSeconds(30), () -> new SuffixTree(s).repeatedSubstrings(2));
    assertEquals(7, got.size());
    for (int i = 0; i < 7; i++) {
      RepeatedSubstring r = got.get(i);
      assertEquals(8 - i, r.length());
      assertEquals(blocks, r.starts().size());
      for (int b = 0; b < blocks; b++) {
        assertEquals(9 * b + i, r.starts().get(b));
      }
    }
  }

  @Test
  void millionSymbolPeriod_buildsADeepTreeWithoutRecursion() {
    // period 7: every suffix of length 1..n-7 is an internal node, the one of length L + 7 below
    // the one of length L: a path of about 143,000 internal nodes
    int n = 1_000_000;
    int p = 7;
    int[] s = new int[n];
    for (int i = 0; i < n; i++) {
      s[i] = i % p;
    }
    SuffixTree tree = assertTimeout(Duration.ofSeconds(30), () -> new SuffixTree(s));
    // the suffix at i hangs a second leaf, i - p, only while i - 2p < 0
    List<RepeatedSubstring> children = tree.repeatedSubstrings(2, false);
    List<RepeatedSubstring> expected = new ArrayList<>();
    for (int i = p; i < 2 * p; i++) {
      expected.add(rs(n - i, i - p, i));
    }
    assertEquals(expected, children);
    // with leaf descendants, the suffix at i starts at every index below it of the same phase
    List<RepeatedSubstring> deep = tree.repeatedSubstrings(n - 1000, true);
    assertEquals(1000 - p + 1, deep.size());
    for (int i = p; i <= 1000; i++) {
      RepeatedSubstring r = deep.get(i - p);
      assertEquals(n - i, r.length());
      assertEquals(i / p + 1, r.starts().size());
      for (int k = 0; k < r.starts().size(); k++) {
        assertEquals(i % p + k * p, r.starts().get(k));
      }
    }
  }

  /**
   * The oracle: every substring of {@code minLength} or more symbols that occurs twice or more and
   * branches (two occurrences are followed by different symbols, or one by the end of the string),
   * which is what an internal node is. Its starts are all occurrences, or without {@code
   * descendants} only those whose substring plus next symbol occurs once (a leaf off the node).
   */
  private static List<RepeatedSubstring> bruteForce(int[] s, int minLength, boolean descendants) {
    List<RepeatedSubstring> out = new ArrayList<>();
    for (int length = minLength; length <= s.length; length++) {
      Map<List<Integer>, List<Integer>> occurrences = new LinkedHashMap<>();
      for (int i = 0; i + length <= s.length; i++) {
        occurrences.computeIfAbsent(substring(s, i, length), k -> new ArrayList<>()).add(i);
      }
      for (List<Integer> starts : occurrences.values()) {
        Set<Long> next = new HashSet<>();
        for (int i : starts) {
          next.add(nextSymbol(s, i + length));
        }
        if (starts.size() < 2 || next.size() < 2) {
          continue;
        }
        List<Integer> reported = descendants ? starts : leafStarts(s, starts, length);
        if (reported.size() >= 2) {
          out.add(new RepeatedSubstring(length, reported));
        }
      }
    }
    out.sort(
        (a, b) ->
            a.length() != b.length()
                ? Integer.compare(b.length(), a.length())
                : Integer.compare(a.starts().get(0), b.starts().get(0)));
    return out;
  }

  /** The occurrences whose next symbol no other occurrence shares: the leaves off the node. */
  private static List<Integer> leafStarts(int[] s, List<Integer> starts, int length) {
    List<Integer> leaves = new ArrayList<>();
    for (int i : starts) {
      long c = nextSymbol(s, i + length);
      long same = starts.stream().filter(j -> nextSymbol(s, j + length) == c).count();
      if (same == 1) {
        leaves.add(i);
      }
    }
    return leaves;
  }

  /** The symbol at {@code i}, or a value no symbol has for the end of the string. */
  private static long nextSymbol(int[] s, int i) {
    return i < s.length ? s[i] : Long.MIN_VALUE;
  }

  private static void assertStartsMatch(int[] s, RepeatedSubstring r, String where) {
    List<Integer> first = substring(s, r.starts().get(0), r.length());
    for (int i = 1; i < r.starts().size(); i++) {
      assertTrue(r.starts().get(i - 1) < r.starts().get(i), where + ": starts ascend");
      assertEquals(first, substring(s, r.starts().get(i), r.length()), where);
    }
    assertTrue(first.stream().allMatch(x -> x >= 0), where + ": no illegal symbol in " + first);
  }

  private static List<Integer> substring(int[] s, int from, int length) {
    return Arrays.stream(s, from, from + length).boxed().toList();
  }

  /** Symbols {@code 0..alphabet-1}, with about one in eight an illegal symbol of its own. */
  private static int[] randomString(Random random, int length, int alphabet) {
    int[] s = new int[length];
    int nextIllegal = -3;
    for (int i = 0; i < length; i++) {
      s[i] = random.nextInt(8) == 0 ? nextIllegal-- : random.nextInt(alphabet);
    }
    return s;
  }

  private static RepeatedSubstring rs(int length, Integer... starts) {
    return new RepeatedSubstring(length, List.of(starts));
  }
}
