'use strict'
// A mocha reporter for the oracle's truth runs: every test's outcome, its full title, the
// spec file mocha loaded it from (`file`) and the file whose `it()` call defined it
// (`defined`: js-yaml's test/00-units.js requires test/units/*.js, whose tests mocha
// reports under 00-units.js). Written as JSON to the file named by PRX_AFFECTED_OUT.
const fs = require('fs')
const path = require('path')

// The project's own mocha (the same module instance its CLI loaded).
const Suite = require(require.resolve('mocha/lib/suite', { paths: [process.cwd()] }))
const addTest = Suite.prototype.addTest
const FRAME = /(?:\(|at )(\/[^()]+?):\d+:\d+\)?$/
const MODULES = `${path.sep}node_modules${path.sep}`

function definedIn () {
  for (const line of (new Error().stack || '').split('\n').slice(1)) {
    const found = FRAME.exec(line.trim())
    if (found && found[1] !== __filename && !found[1].includes(MODULES)) {
      return found[1]
    }
  }
  return null
}

Suite.prototype.addTest = function (test) {
  test.prxDefinedIn = definedIn()
  return addTest.call(this, test)
}

function Reporter (runner) {
  const tests = []
  const add = (test, state) => tests.push({
    file: test.file || null,
    defined: test.prxDefinedIn || test.file || null,
    fullTitle: test.fullTitle(),
    state
  })
  runner.on('pass', test => add(test, 'passed'))
  runner.on('fail', test => add(test, 'failed'))
  runner.on('pending', test => add(test, 'skipped'))
  runner.once('end', () => {
    fs.writeFileSync(process.env.PRX_AFFECTED_OUT, JSON.stringify({ tests }))
  })
}

module.exports = Reporter
