// Bacterial Tactics (Code Jam 2019 Round 1C), written for the nimber project
// as a timing yardstick from the published analysis: Sprague-Grundy values of
// all sub-rectangles, memoized in a 4-D int array [R][R][C][C]; a rectangle is
// evaluated in O(R+C) with the "last radioactive cell" arrays.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
#include "mex.h"
using namespace std;

int R, C;
vector<string> grid;
// rowLast[r][c]: 1-based column of the last '#' in row r among columns 0..c, or 0.
// colLast[c][r]: 1-based row of the last '#' in column c among rows 0..r, or 0.
vector<vector<int>> rowLast, colLast;
vector<int> memo;  // [r1][r2][c1][c2], -1 = not computed

int& at(int r1, int r2, int c1, int c2) {
    return memo[((r1 * R + r2) * C + c1) * C + c2];
}

// Is row r free of radioactive cells between columns c1..c2?
bool rowSafe(int r, int c1, int c2) { return rowLast[r][c2] <= c1; }
// Is column c free of radioactive cells between rows r1..r2?
bool colSafe(int c, int r1, int r2) { return colLast[c][r2] <= r1; }

int solve(int r1, int r2, int c1, int c2) {
    if (r1 > r2 || c1 > c2) return 0;
    int& m = at(r1, r2, c1, c2);
    if (m >= 0) return m;
    vector<char> seen(R + C + 2, 0);
    for (int r = r1; r <= r2; r++) {
        if (rowSafe(r, c1, c2)) {
            mark(seen, solve(r1, r - 1, c1, c2) ^ solve(r + 1, r2, c1, c2));
        }
    }
    for (int c = c1; c <= c2; c++) {
        if (colSafe(c, r1, r2)) {
            mark(seen, solve(r1, r2, c1, c - 1) ^ solve(r1, r2, c + 1, c2));
        }
    }
    return m = mex(seen);
}

int main() {
    int T;
    cin >> T;
    for (int tc = 1; tc <= T; tc++) {
        cin >> R >> C;
        grid.assign(R, "");
        for (int r = 0; r < R; r++) cin >> grid[r];
        rowLast.assign(R, vector<int>(C, 0));
        colLast.assign(C, vector<int>(R, 0));
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++)
                rowLast[r][c] = grid[r][c] == '#' ? c + 1 : (c > 0 ? rowLast[r][c - 1] : 0);
        for (int c = 0; c < C; c++)
            for (int r = 0; r < R; r++)
                colLast[c][r] = grid[r][c] == '#' ? r + 1 : (r > 0 ? colLast[c][r - 1] : 0);
        memo.assign((size_t)R * R * C * C, -1);

        long long winning = 0;
        // A safe H move in row r is possible from each of the C cells of the
        // row (all empty), a safe V move in column c from each of its R cells.
        for (int r = 0; r < R; r++)
            if (rowSafe(r, 0, C - 1) && (solve(0, r - 1, 0, C - 1) ^ solve(r + 1, R - 1, 0, C - 1)) == 0)
                winning += C;
        for (int c = 0; c < C; c++)
            if (colSafe(c, 0, R - 1) && (solve(0, R - 1, 0, c - 1) ^ solve(0, R - 1, c + 1, C - 1)) == 0)
                winning += R;
        printf("Case #%d: %lld\n", tc, winning);
    }
    return 0;
}
