package cgt

// LeftIncentives returns the Left incentives of the canonical game g, the
// games g^L - g, with duplicates removed and, as for Left's options, those
// dominated by another removed (the maximal ones kept), in the order in
// which options are written.
func (c *Calc) LeftIncentives(g Game) ([]Game, error) { return c.incentives(g, true, false) }

// RightIncentives returns the Right incentives of g, the games g - g^R,
// duplicates and dominated ones removed as for LeftIncentives (the
// maximal ones kept: an incentive is what a move gains the player who
// makes it).
func (c *Calc) RightIncentives(g Game) ([]Game, error) { return c.incentives(g, false, true) }

// Incentives returns the Left and Right incentives of g together,
// duplicates and dominated ones removed (the maximal ones kept).
func (c *Calc) Incentives(g Game) ([]Game, error) { return c.incentives(g, true, true) }

func (c *Calc) incentives(g Game, left, right bool) ([]Game, error) {
	n, err := c.Neg(g)
	if err != nil {
		return nil, err
	}
	var out []Game
	if left {
		for _, o := range c.Left(g) {
			d, err := c.Add(o, n)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
	}
	if right {
		for _, o := range c.Right(g) {
			no, err := c.Neg(o)
			if err != nil {
				return nil, err
			}
			d, err := c.Add(g, no)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
	}
	return c.printOrder(c.undominated(sortedSet(out), true)), nil
}
