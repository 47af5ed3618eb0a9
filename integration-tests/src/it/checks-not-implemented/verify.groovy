// checks=true is never ignored silently: the build fails, naming the issue, and writes nothing.
def log = new File(basedir, 'build.log').text
assert log.contains('jptx: checks (jptx.checks) is not implemented yet (issue #4)')
assert !new File(basedir, 'target/classes/META-INF/jptx').exists()
return true
