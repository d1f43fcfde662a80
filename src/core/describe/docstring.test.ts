/** @file Tests for docstring parsing (Google, NumPy, reST, JSDoc). Runs in: node (vitest). */
import { describe, expect, it } from 'vitest';
import { cleanDocstring, firstSentence, parseDocstring } from './docstring.ts';

describe('cleanDocstring', () => {
  it('strips Python quotes and common indent', () => {
    expect(cleanDocstring('"""Divide a by b.\n\n    Args:\n        a: x\n    """')).toBe('Divide a by b.\n\nArgs:\n    a: x');
  });
  it('strips JSDoc markers', () => {
    expect(cleanDocstring('/**\n * Adds two numbers.\n * @param a first\n */')).toBe('Adds two numbers.\n@param a first');
  });
});

describe('firstSentence', () => {
  it('stops at the first sentence end, not inside names', () => {
    expect(firstSentence('Joins os.path parts. Then returns.')).toBe('Joins os.path parts.');
    expect(firstSentence('No period here')).toBe('No period here');
    expect(firstSentence('Spread\n  over lines. More.')).toBe('Spread over lines.');
  });
});

describe('parseDocstring', () => {
  it('reads Google style', () => {
    const doc = parseDocstring(`Divide a by b.

    Longer text that is not the summary.

    Args:
        a (float): The dividend.
        b (float): The divisor,
            never zero.

    Returns:
        float: The quotient.

    Raises:
        ZeroDivisionError: when b is 0.
    `);
    expect(doc.summary).toBe('Divide a by b.');
    expect(doc.firstSentence).toBe('Divide a by b.');
    expect(doc.params).toEqual([
      { name: 'a', type: 'float', description: 'The dividend.' },
      { name: 'b', type: 'float', description: 'The divisor, never zero.' },
    ]);
    expect(doc.returns).toBe('float: The quotient.');
  });

  it('reads NumPy style', () => {
    const doc = parseDocstring(`Compute the mean of values.

    Parameters
    ----------
    values : list of float
        Numbers to average.
    weights : list of float, optional
        Per-value weights.

    Returns
    -------
    float
        The weighted mean.
    `);
    expect(doc.firstSentence).toBe('Compute the mean of values.');
    expect(doc.params).toEqual([
      { name: 'values', type: 'list of float', description: 'Numbers to average.' },
      { name: 'weights', type: 'list of float, optional', description: 'Per-value weights.' },
    ]);
    expect(doc.returns).toBe('float: The weighted mean.');
  });

  it('reads reST style', () => {
    const doc = parseDocstring(`Open a connection.

    :param host: Server name.
    :type host: str
    :param int port: TCP port.
    :returns: An open socket.
    :rtype: socket
    `);
    expect(doc.params).toEqual([
      { name: 'host', type: 'str', description: 'Server name.' },
      { name: 'port', type: 'int', description: 'TCP port.' },
    ]);
    expect(doc.returns).toBe('socket: An open socket.');
  });

  it('reads JSDoc style', () => {
    const doc = parseDocstring('/**\n * Adds two numbers.\n * @param {number} a - First.\n * @param {number} [b=0] Second.\n * @returns {number} The sum.\n */');
    expect(doc.summary).toBe('Adds two numbers.');
    expect(doc.params).toEqual([
      { name: 'a', type: 'number', description: 'First.' },
      { name: 'b', type: 'number', description: 'Second.' },
    ]);
    expect(doc.returns).toBe('number: The sum.');
  });

  it("unwraps a Javadoc summary's inline tags and drops its HTML markup, stored cleaned or not; other docstrings keep theirs", () => {
    const doc = parseDocstring('/**\n * Retrieves the {@code ResultSet} of <i>this</i>\n * {@link Statement#close statement}. More.\n * @return the set\n */');
    expect(doc.summary).toBe('Retrieves the ResultSet of this Statement#close statement. More.');
    expect(doc.firstSentence).toBe('Retrieves the ResultSet of this Statement#close statement.');
    expect(parseDocstring('Return the encoding for this {@code Handler}.<p>\nMore.').firstSentence).toBe('Return the encoding for this Handler.');
    expect(parseDocstring('Returns a List<T> for <name>, see <a href="x.html">x</a>.\n\n@since 1.5').summary).toBe('Returns a List<T> for <name>, see x.');
    expect(parseDocstring('Wrap the text in <p> tags.\n\n:param text: the text').summary).toBe('Wrap the text in <p> tags.');
  });

  it('handles an empty or missing docstring', () => {
    for (const raw of [null, undefined, '', '""""""']) {
      expect(parseDocstring(raw)).toEqual({ summary: '', firstSentence: '', params: [], returns: null });
    }
  });
});
