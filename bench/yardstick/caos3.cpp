// CAOS3 ("CAO Stage-3", CodeChef October 2013), written for the nimber project
// as a timing yardstick from the published editorial: bottom-up Sprague-Grundy
// values of all sub-rectangles in increasing size, O(N^6), collecting the
// values of the moves of a rectangle in a hash set and taking their mex.
// A monster is a '^' cell whose four arms of consecutive '^' cells (left,
// right, up, down, not counting itself) all have length at least 2.
#include <cstdio>
#include <iostream>
#include <string>
#include <unordered_set>
#include <vector>
using namespace std;

int R, C;
vector<int> sgv;  // [x1][y1][x2][y2]: rows x1..x2, columns y1..y2

int& at(int x1, int y1, int x2, int y2) {
    return sgv[(((size_t)x1 * C + y1) * R + x2) * C + y2];
}

// The value of a possibly degenerate rectangle (0 when empty).
int get(int x1, int y1, int x2, int y2) {
    if (x1 > x2 || y1 > y2) return 0;
    return at(x1, y1, x2, y2);
}

int main() {
    int T;
    cin >> T;
    while (T--) {
        cin >> R >> C;
        vector<string> g(R);
        for (int r = 0; r < R; r++) cin >> g[r];

        // Monsters, by counting each arm directly.
        vector<vector<char>> monster(R, vector<char>(C, 0));
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++) {
                if (g[r][c] != '^') continue;
                int up = 0, down = 0, left = 0, right = 0;
                while (r - up - 1 >= 0 && g[r - up - 1][c] == '^') up++;
                while (r + down + 1 < R && g[r + down + 1][c] == '^') down++;
                while (c - left - 1 >= 0 && g[r][c - left - 1] == '^') left++;
                while (c + right + 1 < C && g[r][c + right + 1] == '^') right++;
                monster[r][c] = up >= 2 && down >= 2 && left >= 2 && right >= 2;
            }

        sgv.assign((size_t)R * C * R * C, 0);
        for (int h = 0; h < R; h++)            // height - 1
            for (int w = 0; w < C; w++)        // width - 1
                for (int x1 = 0; x1 + h < R; x1++)
                    for (int y1 = 0; y1 + w < C; y1++) {
                        int x2 = x1 + h, y2 = y1 + w;
                        unordered_set<int> seen;
                        for (int x = x1; x <= x2; x++)
                            for (int y = y1; y <= y2; y++)
                                if (monster[x][y])
                                    seen.insert(get(x1, y1, x - 1, y - 1) ^ get(x1, y + 1, x - 1, y2) ^
                                                get(x + 1, y1, x2, y - 1) ^ get(x + 1, y + 1, x2, y2));
                        int s = 0;
                        while (seen.count(s)) s++;
                        at(x1, y1, x2, y2) = s;
                    }
        puts(at(0, 0, R - 1, C - 1) != 0 ? "Asuna" : "Kirito");
    }
    return 0;
}
