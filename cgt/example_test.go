package cgt_test

import (
	"fmt"

	"nimber/cgt"
)

// A game in CGSuite's notation, its canonical form and what the theory
// says of it.
func ExampleCalc_Parse() {
	c := cgt.New(0)
	g, err := c.Parse("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}")
	if err != nil {
		fmt.Println(err)
		return
	}
	mean, _ := c.Mean(g)
	temp, _ := c.Temperature(g)
	fmt.Println(c.Notation(g))
	fmt.Println(c.OutcomeOf(g), c.LeftStop(g), c.RightStop(g), mean, temp, c.Birthday(g))
	// Output:
	// {3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}
	// N 1/2 -1 -5/16 21/16 6
}

// Canonical forms make equal games the same Game: reversible and
// dominated options go.
func ExampleCalc_Make() {
	c := cgt.New(0)
	one, two := c.Integer(1), c.Integer(2)
	g, _ := c.Make([]cgt.Game{cgt.Zero}, []cgt.Game{two}) // {0 | 2} is the number 1
	fmt.Println(c.Notation(g), g == one)
	star, _ := c.Nimber(1)
	up, _ := c.Make([]cgt.Game{cgt.Zero}, []cgt.Game{star})
	s, _ := c.Add(up, star)
	fmt.Println(c.Notation(up), c.Notation(s), c.Fuzzy(up, star))
	// Output:
	// 1 true
	// ^ ^* true
}

// A thermograph as data: the walls of {2 | -1} fall from t = -1 and meet
// at temperature 3/2, at the mean 1/2.
func ExampleCalc_Thermograph() {
	c := cgt.New(0)
	g, _ := c.Parse("{2|-1}")
	th, _ := c.Thermograph(g)
	for i := range th.Left.At {
		fmt.Printf("left from t=%v: %v, slope %d\n", th.Left.At[i], th.Left.Value[i], th.Left.Slope[i])
	}
	fmt.Println("mean", th.Mean, "temperature", th.Temperature)
	// Output:
	// left from t=-1: 3, slope -1
	// left from t=3/2: 1/2, slope 0
	// mean 1/2 temperature 3/2
}
