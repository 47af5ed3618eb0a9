// (c) skip: the goal writes nothing and says so.
def classes = new File(basedir, 'target/classes')
assert new File(classes, 'dev/it/Saxpy.class').isFile() : 'the project itself did not compile'
assert !new File(classes, 'META-INF/jptx').exists() : 'jptx wrote output although skipped'
def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] jptx: skipped')
assert !log.contains('registers,')
return true
