// `npm run bench`: performance figures, printed. No benchmark asserts a threshold.
console.log('no benchmarks yet');
